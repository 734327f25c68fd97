import { startStandin } from './server.ts';

const port = Number(process.env.STANDIN_PORT ?? 4599);
const token = process.env.STANDIN_TOKEN ?? 'standin-token';
const standin = await startStandin({ token, port, host: '127.0.0.1' });
console.log(
  `creditscope stand-in upstream listening on ${standin.url} (token from STANDIN_TOKEN, default "standin-token")`,
);
