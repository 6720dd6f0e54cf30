/**
 * The document an email's HTML is shown in: a sandboxed frame (no `allow-scripts`, no
 * `allow-same-origin`) whose own Content-Security-Policy allows no script, no fetch, no form,
 * and images only from `data:` until the reader asks for remote ones. The server has already
 * sanitised the HTML; this is the second wall. Links open in a new tab.
 */
export function buildEmailDocument(html: string, showRemoteImages: boolean): string {
  const images = showRemoteImages ? 'data: https: http:' : 'data:';
  const csp = `default-src 'none'; img-src ${images}; style-src 'unsafe-inline'; font-src data:; form-action 'none'; base-uri 'none'`;
  return [
    '<!doctype html><html><head><meta charset="utf-8">',
    `<meta http-equiv="Content-Security-Policy" content="${csp}">`,
    '<meta name="referrer" content="no-referrer"><base target="_blank">',
    '<style>body{margin:0;padding:16px;font:15px/1.5 system-ui,sans-serif;color:#1c1917;overflow-wrap:anywhere}',
    'img{max-width:100%;height:auto}table{max-width:100%}</style></head><body>',
    html,
    '</body></html>',
  ].join('');
}
