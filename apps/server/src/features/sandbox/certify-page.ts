const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A stand-in for a certification vendor's page: the tester chooses the verdict. */
export function certifyPage(certifyId: string): string {
  const id = escapeHtml(certifyId);
  return `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>沙盒实名认证 - Skinfair</title>
<style>body{font-family:system-ui,"WenQuanYi Zen Hei",sans-serif;background:#0f1117;color:#e5e7eb;display:grid;place-items:center;min-height:100vh;margin:0}
main{background:#1a1d27;padding:32px;border-radius:16px;max-width:420px;text-align:center}button{font-size:16px;padding:10px 24px;border-radius:8px;border:0;margin:8px;cursor:pointer}
.pass{background:#22c55e;color:#fff}.fail{background:#ef4444;color:#fff}small{color:#9ca3af}</style></head>
<body><main><h1>沙盒实名认证</h1><p>这是测试环境的认证服务商页面，真实环境中此处为人脸核验。</p><small>认证编号 ${id}</small>
<form method="post" action="/api/sandbox/certify/complete"><input type="hidden" name="certifyId" value="${id}">
<button class="pass" name="result" value="pass">认证通过</button><button class="fail" name="result" value="fail">认证不通过</button></form></main></body></html>`;
}
