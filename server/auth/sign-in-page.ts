/**
 * The sign-in page of AUTH_MODE=password: a plain HTML form the server renders itself, with its
 * own small style sheet (no script, nothing of the app's bundle), so signing in costs the app's
 * first page nothing. Colours follow the system's light or dark preference, as the app's do.
 */
export const SIGN_IN_PATH = '/auth/sign-in';
export const SIGN_IN_CSS_PATH = '/auth/sign-in.css';
export const SIGN_OUT_PATH = '/auth/sign-out';
export const ME_PATH = '/auth/me';

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

export interface SignInPageState {
  next: string;
  user?: string;
  /** A sentence shown above the form (wrong password, locked, signed out). */
  notice?: string;
  /** The notice is an error (role=alert). */
  error?: boolean;
}

export function signInPage(state: SignInPageState): string {
  const notice =
    state.notice === undefined
      ? ''
      : `<p class="notice${state.error === true ? ' error' : ''}"${state.error === true ? ' role="alert"' : ' role="status"'}>${escapeHtml(state.notice)}</p>`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<title>Sign in · Chartroom</title>
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
<link rel="stylesheet" href="${SIGN_IN_CSS_PATH}">
</head>
<body>
<main>
<h1><img src="/favicon.svg" alt="" width="24" height="24"> Chartroom</h1>
<p class="lead">Sign in to see market data. Your workspace is kept: you return where you were.</p>
${notice}
<form method="post" action="${SIGN_IN_PATH}">
<input type="hidden" name="next" value="${escapeHtml(state.next)}">
<label for="user">User name</label>
<input id="user" name="user" autocomplete="username" autocapitalize="none" spellcheck="false" required maxlength="128" value="${escapeHtml(state.user ?? '')}"${state.user === undefined ? ' autofocus' : ''}>
<label for="password">Password</label>
<input id="password" name="password" type="password" autocomplete="current-password" required maxlength="256"${state.user === undefined ? '' : ' autofocus'}>
<button type="submit">Sign in</button>
</form>
</main>
</body>
</html>
`;
}

export const SIGN_IN_CSS = `:root{color-scheme:light dark;--bg:#f1f5f9;--card:#fff;--text:#0f172a;--muted:#475569;--line:#cbd5e1;--accent:#0284c7;--error:#b91c1c}
@media (prefers-color-scheme:dark){:root{--bg:#020617;--card:#0f172a;--text:#f1f5f9;--muted:#94a3b8;--line:#334155;--accent:#38bdf8;--error:#f87171}}
*{box-sizing:border-box}
body{margin:0;min-height:100vh;display:grid;place-items:center;background:var(--bg);color:var(--text);font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}
main{width:min(24rem,calc(100vw - 2rem));background:var(--card);border:1px solid var(--line);border-radius:.5rem;padding:1.5rem}
h1{display:flex;align-items:center;gap:.5rem;margin:0 0 .5rem;font-size:1.25rem;color:var(--accent)}
.lead{margin:0 0 1rem;color:var(--muted);font-size:.875rem}
.notice{margin:0 0 1rem;padding:.5rem .75rem;border-radius:.375rem;border:1px solid var(--line);font-size:.875rem}
.notice.error{border-color:var(--error);color:var(--error)}
form{display:grid;gap:.375rem}
label{font-size:.875rem;font-weight:600;margin-top:.5rem}
input{font:inherit;padding:.5rem .625rem;border:1px solid var(--line);border-radius:.375rem;background:var(--bg);color:var(--text)}
input:focus-visible,button:focus-visible{outline:2px solid var(--accent);outline-offset:2px}
button{margin-top:1rem;font:inherit;font-weight:600;padding:.5rem;border:0;border-radius:.375rem;background:var(--accent);color:#fff;cursor:pointer}
@media (prefers-color-scheme:dark){button{color:#020617}}
`;
