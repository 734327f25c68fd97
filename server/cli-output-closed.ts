/**
 * A command's output piped into one that stops reading (`npm run ledger -- export | head`): Node's default is a
 * stack trace for the unhandled EPIPE. Instead one line on stderr, and either an exit (a command that only reads
 * or has already done its work) or nothing more (one that may be buying: a paid request once sent is never
 * abandoned, so it goes on to the end without its output).
 */
export function whenOutputCloses(command: string, then: 'exit' | 'carry on'): void {
  let said = false;
  process.stdout.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code !== 'EPIPE') throw error;
    if (!said)
      process.stderr.write(
        `creditscope ${command}: the output was closed before everything was written${then === 'exit' ? '' : '; going on to the end'}\n`,
      );
    said = true;
    if (then === 'exit') process.exit(1);
  });
}
