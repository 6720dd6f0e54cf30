/**
 * Hostile HTML an inbound message may carry: script tags, event handlers, `javascript:` and
 * `data:` URLs, SVG, CSS expressions and malformed markup. Each payload, if it ran, would
 * request `/__xss/<n>` or open an alert; the mailer's sanitiser test and the Chromium test of
 * the Inbox screen (tests/e2e) both use it, so both prove the same list harmless.
 */
const hit = (n: number) => `/__xss/${n}`;

export const INBOUND_XSS_CORPUS: readonly string[] = [
  `<script>fetch('${hit(1)}')</script>`,
  `<img src=x onerror="fetch('${hit(2)}')">`,
  `<svg onload="fetch('${hit(3)}')"><circle r=1></svg>`,
  `<a href="javascript:fetch('${hit(4)}')">click</a>`,
  `<a href="JaVaScRiPt:alert(5)">click</a>`,
  `<iframe src="data:text/html,<script>parent.fetch('${hit(6)}')</script>"></iframe>`,
  `<object data="data:text/html;base64,PHNjcmlwdD5hbGVydCg3KTwvc2NyaXB0Pg=="></object>`,
  `<div style="width:expression(alert(8))">css expression</div>`,
  `<div style="background:url('javascript:alert(9)')">css url</div>`,
  `<body onload="fetch('${hit(10)}')">body</body>`,
  `<<script>script>fetch('${hit(11)}')<</script>/script>`,
  `<img src="x" onerror=fetch('${hit(12)}')//`,
  `<math><mtext><table><mglyph><style><img src=x onerror="fetch('${hit(13)}')"></style></mglyph></table></mtext></math>`,
  `<form action="javascript:alert(14)"><button>go</button></form>`,
  `<meta http-equiv="refresh" content="0;url=javascript:alert(15)">`,
  `<details open ontoggle="fetch('${hit(16)}')">x</details>`,
  `<a href="&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(17)">entity</a>`,
  `<img src="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMTgpPjwvc3ZnPg==">`,
  `<style>@import 'https://evil.example/x.css'; body{background:url(${hit(19)})}</style>`,
  `<video><source onerror="fetch('${hit(20)}')"></video>`,
  `<p title="</p><script>fetch('${hit(21)}')</script>">attr</p>`,
  `<noscript><p title="</noscript><img src=x onerror=fetch('${hit(22)}')>"></noscript>`,
  `<base href="javascript:alert(23)//"><a href="x">rel</a>`,
  `<link rel="stylesheet" href="${hit(24)}">`,
  `<table background="javascript:alert(25)"><tr><td>t</td></tr></table>`,
];
