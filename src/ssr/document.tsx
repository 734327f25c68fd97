import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import type { InlinedPage } from '../api/early/server-answer';
import {
  OPENING_CALL_ATTRIBUTE,
  OPENING_CREDITS_ATTRIBUTE,
  OPENING_PURCHASE_ATTRIBUTE,
  SERVER_PAGE_ID,
} from '../api/early/server-page-markers';
import { purchaseKey } from '../contract/identity';
import { HOLD_CLICKS_SCRIPT } from '../lib/held-clicks-script';
import type { PageAssets, RenderOptions } from '../contract/render';
import { escapeJson } from './escape-json';
import type { DocumentAround } from './stream-inside';

/**
 * A script element with the page's own source text: the app's scripts, or JSON escaped so that nothing in it
 * can end the element (escapeJson). React would escape a child's text, which a script does not unescape.
 */
function InlineScript({ source, ...attributes }: { source: string; nonce?: string; type?: string; id?: string }) {
  // eslint-disable-next-line no-restricted-syntax -- the app's own script text, or escapeJson's output
  return <script {...attributes} dangerouslySetInnerHTML={{ __html: source }} />;
}

/**
 * The whole document: index.html's head (the same tags), the app in #root (the only part the browser hydrates
 * or renders) and the script that asks for the app once the page has painted. No early-fetch script: the server
 * has answered this page's first purchase already.
 */
function Document({
  assets,
  nonce,
  root,
  children,
  data,
}: {
  assets: PageAssets;
  nonce: string;
  /** #root's attributes. */
  root: Record<string, string>;
  children?: ReactNode;
  /** JSON beside the app (not a script: the policy needs no source for it). */
  data?: { id: string; json: string };
}) {
  return (
    <html lang="en">
      <head>
        <meta charSet="UTF-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1.0" />
        <meta name="color-scheme" content="light dark" />
        <meta name="referrer" content="no-referrer" />
        {/* Where TanStack Router's client reads the nonce for scripts it adds after hydration. */}
        <meta property="csp-nonce" content={nonce} />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <title>creditscope</title>
        {/* Clicks before React runs the page are held and replayed (src/lib/held-clicks.ts). Before the style
            sheets: an inline script after a style sheet still loading stops the parser until it has loaded, and the
            body (the posts) is parsed while it loads. */}
        <InlineScript nonce={nonce} source={HOLD_CLICKS_SCRIPT} />
        {assets.styleSheets.map((href) => (
          <link key={href} rel="stylesheet" href={href} />
        ))}
      </head>
      <body className="bg-white text-slate-900 antialiased dark:bg-slate-950 dark:text-slate-100">
        <div id="root" {...root}>
          {children}
        </div>
        {data && <InlineScript type="application/json" id={data.id} source={data.json} />}
        <InlineScript nonce={nonce} source={assets.script} />
      </body>
    </html>
  );
}

/** A rendered root names what the browser hydrates with: the date style, the opening purchase and whether it was paid now. */
function renderedRoot({ dates, page }: RenderOptions): Record<string, string> {
  return {
    'data-server-rendered': '',
    'data-time-zone': dates.timeZone,
    'data-locale': dates.locale,
    'data-now': String(dates.now),
    ...(page ? { [OPENING_PURCHASE_ATTRIBUTE]: purchaseKey(page.operation, page.params) } : {}),
    // Bought for this navigation (not the archive's copy): the browser tells its meter and other tabs.
    ...(page && !page.answer.fromArchive && page.answer.callId
      ? { [OPENING_CALL_ATTRIBUTE]: page.answer.callId, [OPENING_CREDITS_ATTRIBUTE]: page.answer.credits }
      : {}),
  };
}

/**
 * Where #root opens. A rendered page is sent in two parts: its head (the same for every page, sent before the first
 * page is looked up or bought, so the browser fetches the style sheet and the app meanwhile) and the rest.
 */
const ROOT_OPENS = '<div id="root"';

/**
 * The app's modules, named after #root (after the posts): the style sheet, which the first paint waits for, is
 * fetched alone while the server looks up and renders the page. Written as text: React hoists a modulepreload
 * link it renders into the head.
 */
function modulePreloads(assets: PageAssets): string {
  return assets.modulePreloads.map((href) => `<link rel="modulepreload" href="${escapeAttribute(href)}"/>`).join('');
}

const escapeAttribute = (text: string) => text.replace(/[&<>"]/g, (char) => `&#${char.charCodeAt(0)};`);

/** The document's text from #root on (what follows the head `pageHead` wrote), the app's modules after #root. */
function fromRoot(html: string, assets: PageAssets): string {
  const body = html.slice(html.indexOf(ROOT_OPENS));
  // #root is followed by the page's scripts only: the first of them comes after it.
  const firstScript = body.indexOf('<script');
  return body.slice(0, firstScript) + modulePreloads(assets) + body.slice(firstScript);
}

/** The document up to #root: index.html's head and the body's opening tag, the same whatever follows it. */
export function pageHead(nonce: string, assets: PageAssets): string {
  const html = `<!DOCTYPE html>${renderToStaticMarkup(<Document assets={assets} nonce={nonce} root={{}} />)}`;
  return html.slice(0, html.indexOf(ROOT_OPENS));
}

/**
 * The rest of the app's page, unrendered, after its head: with the server's answer for its first page beside it
 * (not found, refused, failed), which the browser reads as if it had asked (src/api/early/server-answer.ts), never
 * asking twice; or with none, when the server has no answer to give (its store could not be read): the app asks.
 */
export function answerBody(inlined: InlinedPage | null, nonce: string, assets: PageAssets): string {
  return fromRoot(
    renderToStaticMarkup(
      <Document
        assets={assets}
        nonce={nonce}
        root={{}}
        data={inlined ? { id: SERVER_PAGE_ID, json: escapeJson(inlined) } : undefined}
      />,
    ),
    assets,
  );
}

/** Where the app goes in the document: the document is written around the app's own stream. */
const APP_SLOT = 'creditscope-app-slot';

/**
 * The document after its head, around the app, as the text before and after #root's content. The app is a React
 * root of its own, as in the browser (which hydrates #root only), so the ids React gives its elements match the
 * browser's.
 */
export function documentAround(options: RenderOptions): DocumentAround {
  const html = fromRoot(
    renderToStaticMarkup(
      <Document assets={options.assets} nonce={options.nonce} root={renderedRoot(options)}>
        {APP_SLOT}
      </Document>,
    ),
    options.assets,
  );
  const at = html.indexOf(APP_SLOT);
  return { before: html.slice(0, at), after: html.slice(at + APP_SLOT.length) };
}
