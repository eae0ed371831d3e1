// The consent page, /oauth/authorize?… (docs/api.md, "The consent page"): another application (a
// front end of its own, on its own origin) sends the player here with an OAuth 2.0 authorization
// request. The page shows who asks — the client_id's origin first, then the client_id and the
// redirect_uri in full — and each scope asked with what it allows; a player who is not signed in
// signs in first. "Authorize" or "Deny" posts the query as it came to POST /api/oauth/authorize
// (same origin, with the session cookie) and follows the redirectTo it answers; a request the
// server finds invalid (422) is explained here and sends the browser nowhere.

import * as api from './api.js';
import { NAME_PATTERN, field, h, say } from './dom.js';

/** What each scope allows, as the server describes it (dev.cardtable.platform.http.Scope). */
const SCOPES = {
  'game:play': 'Play your games: create and join games, move, resign, offer rematches, ask hints, and see your own seats\u2019 views',
  'challenge:read': 'Read your challenges',
  'challenge:write': 'Send, accept, decline and cancel challenges',
  'seek:write': 'Create, read and cancel seeks',
  'tournament:write': 'Create arenas, join them and withdraw from them',
  'events:read': 'Follow your event stream',
  'account:read': 'Read your account',
};

const app = document.getElementById('app');
const query = location.search.slice(1);
const params = new URLSearchParams(query);

/** Replaces the page's content; the heading takes the focus, so that a screen reader reads the new step. */
function show(page, ...nodes) {
  app.replaceChildren(...nodes.flat().filter((n) => n !== null && n !== undefined && n !== false));
  document.body.dataset.page = page;
  const heading = app.querySelector('h1');
  if (heading && document.activeElement !== document.body) heading.focus();
}

/** The origin of `url` (`https://example.org`), or null when it is no http(s) URL. */
function originOf(url) {
  try {
    const u = new URL(url);
    return u.protocol === 'https:' || u.protocol === 'http:' ? u.origin : null;
  } catch {
    return null;
  }
}

/** What is wrong with the request before asking the server anything, or null (the server checks the rest). */
function malformed() {
  if (!params.get('client_id')) return 'The request names no application (client_id).';
  if (!originOf(params.get('client_id'))) return 'The application’s client_id is not an http or https URL.';
  if (!params.get('redirect_uri')) return 'The request says nowhere to return to (redirect_uri).';
  if (!originOf(params.get('redirect_uri'))) return 'The redirect_uri is not an http or https URL.';
  return null;
}

function invalidPage(detail) {
  show('oauth-invalid', h('h1', { tabindex: -1 }, 'This authorization request is invalid'),
    h('p', { id: 'oauth-error' }, detail),
    h('p', {}, 'Nothing was granted, and you stay here. Go back to the application and start again, or tell its authors.'),
    h('p', { class: 'links' }, h('a', { href: '/' }, 'Card Table')));
  say(detail, true);
}

function scopeTable(scopes) {
  if (scopes.length === 0) return h('p', { id: 'scopes' }, 'It asks for no permission.');
  return h('div', { class: 'table-wrap' }, h('table', { class: 'responsive', id: 'scopes' },
    h('caption', { class: 'sr-only' }, 'The permissions asked'),
    h('thead', {}, h('tr', {}, h('th', { scope: 'col' }, 'Permission'), h('th', { scope: 'col' }, 'What it allows'))),
    h('tbody', {}, scopes.map((s) => h('tr', { dataset: { scope: s } },
      h('td', { 'data-label': 'Permission' }, h('code', {}, s)),
      h('td', { 'data-label': 'What it allows' }, SCOPES[s] || 'A permission Card Table does not know: the request will be refused'))))));
}

async function answer(approve, buttons) {
  for (const b of buttons) b.disabled = true;
  say(approve ? 'Authorizing…' : 'Denying…');
  try {
    const r = await api.authorize(query, approve);
    const back = params.get('redirect_uri');
    if (!r || typeof r.redirectTo !== 'string' || !r.redirectTo.startsWith(back)) throw new Error('The server answered no address to return to.');
    say('Returning to the application…');
    location.assign(r.redirectTo);
  } catch (e) {
    if (e.status === 422) {
      invalidPage(e.message);
      return;
    }
    if (e.status === 401) {
      signInPage('Your session has ended: sign in again.');
      return;
    }
    for (const b of buttons) b.disabled = false;
    say(e.message || String(e), true);
  }
}

function consentPage(a) {
  const client = params.get('client_id');
  const origin = originOf(client);
  const scopes = (params.get('scope') || '').split(' ').filter(Boolean);
  const authorizeButton = h('button', { id: 'authorize', type: 'button' }, 'Authorize');
  const denyButton = h('button', { id: 'deny', type: 'button', class: 'secondary' }, 'Deny');
  authorizeButton.addEventListener('click', () => answer(true, [authorizeButton, denyButton]));
  denyButton.addEventListener('click', () => answer(false, [authorizeButton, denyButton]));
  show('oauth-consent', h('h1', { tabindex: -1 }, 'Authorize ', h('span', { id: 'client-origin' }, origin), '?'),
    h('p', {}, h('strong', {}, origin), ' asks to act as ', h('strong', { id: 'consent-name' }, a.name), ' on Card Table.'),
    h('section', { class: 'card-panel consent' }, h('h2', {}, 'It asks to'), scopeTable(scopes),
      h('h2', {}, 'The application'),
      h('dl', {},
        h('dt', {}, 'Its address (client_id)'), h('dd', {}, h('code', { id: 'client-id' }, client)),
        h('dt', {}, 'Where you return (redirect_uri)'), h('dd', {}, h('code', { id: 'redirect-uri' }, params.get('redirect_uri')))),
      h('p', {}, 'Authorize only an application you trust: it may then do all of the above as you until its token is revoked (by you, with your key or signed in, or by the application) or expires.'),
      h('p', { class: 'links' }, authorizeButton, denyButton)),
    h('p', {}, 'Not ', a.name, '? ', h('button', { type: 'button', class: 'secondary', id: 'sign-out', onclick: async () => {
      try { await api.signOut(); signInPage('Signed out.'); } catch (e) { say(e.message, true); }
    } }, 'Sign out')));
}

function signInPage(message) {
  const origin = originOf(params.get('client_id'));
  const name = h('input', { id: 'sign-in-name', required: true, pattern: NAME_PATTERN, autocomplete: 'username' });
  const password = h('input', { id: 'sign-in-password', type: 'password', required: true, maxlength: 256, autocomplete: 'current-password' });
  const signedIn = (a) => { say('Signed in.'); consentPage(a); };
  const form = h('form', {
    class: 'card-panel', id: 'sign-in',
    onsubmit: async (ev) => {
      ev.preventDefault();
      try { signedIn(await api.signIn(name.value, password.value)); } catch (e) { say(e.message, true); }
    },
  }, h('h2', {}, 'Sign in'),
  field('Registered name', name), field('Password', password),
  h('p', { class: 'links' }, h('button', { type: 'submit', id: 'sign-in-button' }, 'Sign in'),
    api.passkeysSupported() ? h('button', { type: 'button', class: 'secondary', id: 'passkey-sign-in', onclick: async () => {
      try { signedIn(await api.passkeySignIn()); } catch (e) { say(e.message, true); }
    } }, 'Sign in with a passkey') : null));
  show('oauth-sign-in', h('h1', { tabindex: -1 }, 'Sign in to authorize ', h('span', { id: 'client-origin' }, origin)),
    h('p', {}, h('strong', {}, origin), ' asks to use your Card Table account. Sign in first; you then see what it asks before you decide.'),
    form,
    h('p', {}, 'No account yet? ', h('a', { href: '/#/me' }, 'Register a name and set a password'), ', then come back through the application.'));
  say(message || '');
}

async function start() {
  const problem = malformed();
  if (problem) {
    invalidPage(problem);
    return;
  }
  try {
    const a = await api.whoIsSignedIn();
    if (a) consentPage(a);
    else signInPage();
  } catch (e) {
    show('oauth-error', h('h1', { tabindex: -1 }, 'Something went wrong'), h('p', { id: 'oauth-error' }, e.message || String(e)));
    say(e.message || String(e), true);
  }
}

document.querySelector('a.skip').addEventListener('click', (ev) => {
  ev.preventDefault();
  document.getElementById('content').focus();
});

start();
