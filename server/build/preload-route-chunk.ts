import type { Plugin } from 'vite';

/**
 * The timeline route's chunk is only requested once the router has matched, after the entry
 * has run. On /timeline, index.html now asks for it straight away, in parallel with the entry.
 */
export function preloadRouteChunk(route: string, chunkName: string): Plugin {
  return {
    name: 'creditscope-preload-route-chunk',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        const chunk = Object.values(context.bundle ?? {}).find(
          (output) => output.type === 'chunk' && output.name === chunkName,
        );
        if (!chunk) return html;
        const href = `/${chunk.fileName}`;
        const script = `<script>if (location.pathname === ${JSON.stringify(route)}) { var l = document.createElement('link'); l.rel = 'modulepreload'; l.href = ${JSON.stringify(href)}; document.head.appendChild(l); }</script>`;
        return html.replace('</head>', `    ${script}\n  </head>`);
      },
    },
  };
}
