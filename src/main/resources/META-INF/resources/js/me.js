// The person using this browser: register a name; sign in and out with a password or a passkey
// (the session is an HttpOnly cookie: nothing here keeps the key once signed in); set the password,
// add passkeys, list and end sessions; get a new key, shown once, for bots and recovery. Without
// signing in, a key may still be kept here, copied out, pasted in, renewed or forgotten.

import * as api from './api.js';
import { NAME_PATTERN, field, h, nameInput, say, when } from './dom.js';

function passwordInput(id, autocomplete) {
  return h('input', { id, type: 'password', required: true, minlength: 8, maxlength: 256, autocomplete });
}

/** A new key, shown once: it is not kept anywhere in this browser. */
function keyShownOnce(key) {
  const input = h('input', { id: 'player-key', readonly: true, value: key, type: 'text', autocomplete: 'off', onfocus: (e) => e.target.select() });
  return h('div', { id: 'new-key' },
    h('p', {}, 'Your new key, shown this once: copy it now for your bots. The old key no longer works.'),
    field('Player key', input),
    h('p', { class: 'links' }, h('button', { class: 'secondary', id: 'copy-key', onclick: () => navigator.clipboard
      && navigator.clipboard.writeText(key).then(() => say('Key copied.'), () => say('Select the key and copy it.', true)) }, 'Copy the key')));
}

function passwordForm(p, ctx, onSet) {
  const current = h('input', { id: 'current-password', type: 'password', maxlength: 256, autocomplete: 'current-password' });
  const fresh = passwordInput('new-password', 'new-password');
  return h('form', {
    class: 'card-panel', id: 'password',
    onsubmit: async (ev) => {
      ev.preventDefault();
      try { await api.setPassword(fresh.value, current.value || undefined); await onSet(fresh.value); } catch (e) { say(e.message, true); }
    },
  }, h('h2', {}, 'Password'),
  h('p', {}, 'Sign in with it on any device. 8 to 256 characters. Setting it signs out your other sessions.'),
  h('input', { type: 'text', name: 'username', value: p.name, autocomplete: 'username', hidden: true, readonly: true }),
  p.session ? field('Current password (if you have one)', current) : null,
  field('New password', fresh), h('button', { type: 'submit', id: 'password-button' }, 'Set the password'));
}

async function signedInPage(show, ctx, a) {
  const list = await api.sessions();
  const keys = await api.passkeys();
  const passkeyList = h('ul', { id: 'passkeys' }, keys.items.map((k, i) => h('li', {},
    h('span', {}, `Passkey ${keys.items.length - i}, added `, when(k.createdAt)),
    h('button', { class: 'secondary', onclick: async () => {
      try { await api.removePasskey(k.id); say('The passkey is removed: it signs no one in any more.'); ctx.route(); } catch (e) { say(e.message, true); }
    } }, 'Remove', h('span', { class: 'sr-only' }, ` passkey ${keys.items.length - i}`)))));
  const sessions = h('ul', { id: 'sessions' }, list.items.map((s) => h('li', {},
    h('span', {}, s.current ? 'This browser' : (s.userAgent || 'Another device'), ', signed in ', when(s.createdAt)),
    s.current ? null : h('button', { class: 'secondary', onclick: async () => {
      try { await api.endSession(s.id); say('That session has ended.'); ctx.route(); } catch (e) { say(e.message, true); }
    } }, 'End', h('span', { class: 'sr-only' }, ` the session signed in ${when(s.createdAt)}`)))));
  const newKey = h('div', {});
  show(h('h1', {}, 'You'),
    h('p', {}, 'Signed in as ', h('strong', { id: 'me-name' }, a.name), '. Games you start or join under this name are verified, and only they count in your ',
      h('a', { href: `#/player/${encodeURIComponent(a.name)}`, id: 'my-stats' }, 'statistics and streaks'), '.'),
    h('p', { class: 'links' }, h('button', { id: 'sign-out', onclick: async () => {
      try { await api.signOut(); say('Signed out.'); ctx.route(); } catch (e) { say(e.message, true); }
    } }, 'Sign out')),
    h('div', { class: 'panels' },
      passwordForm({ name: a.name, session: true }, ctx, async () => { say('The password is set.'); ctx.route(); }),
      h('section', { class: 'card-panel' }, h('h2', {}, 'Passkeys'),
        h('p', {}, 'A passkey signs you in with this device’s screen lock or a security key: nothing to type, nothing to steal.'),
        passkeyList,
        api.passkeysSupported()
          ? h('button', { id: 'add-passkey', onclick: async () => {
            try { await api.addPasskey(); ctx.route(); say('The passkey is added: sign in with it from now on.'); } catch (e) { say(e.message, true); }
          } }, 'Add a passkey')
          : h('p', {}, 'This browser cannot make passkeys.')),
      h('section', { class: 'card-panel' }, h('h2', {}, 'Sessions'), sessions,
        h('button', { class: 'secondary', id: 'end-all', onclick: async () => {
          try { await api.endAllSessions(); say('Every session has ended, this one too.'); ctx.route(); } catch (e) { say(e.message, true); }
        } }, 'End every session')),
      h('section', { class: 'card-panel' }, h('h2', {}, 'Your player key'),
        h('p', {}, 'The key is not kept in this browser. Bots and other programs play with it; anyone with it can play as you. Lost it? Get a new one: the old one stops working.'),
        h('button', { class: 'secondary', id: 'rotate-key', onclick: async () => {
          try { const k = await api.rotateKey(); newKey.replaceChildren(keyShownOnce(k.key)); } catch (e) { say(e.message, true); }
        } }, 'Get a new key'), newKey)));
}

/** `#/me`. */
export async function mePage(show, ctx) {
  const a = api.signedIn();
  if (a) {
    await signedInPage(show, ctx, a);
    return;
  }
  const p = api.player();
  if (p) {
    const key = h('input', { id: 'player-key', readonly: true, value: p.key, type: 'password', autocomplete: 'off', onfocus: (e) => e.target.select() });
    const reveal = h('button', { class: 'secondary', id: 'show-key', onclick: () => {
      key.type = key.type === 'password' ? 'text' : 'password';
      reveal.textContent = key.type === 'password' ? 'Show the key' : 'Hide the key';
    } }, 'Show the key');
    show(h('h1', {}, 'You'),
      h('p', {}, 'Registered as ', h('strong', { id: 'me-name' }, p.name), '. Games you start or join under this name in this browser are verified, and only they count in your ',
        h('a', { href: `#/player/${encodeURIComponent(p.name)}`, id: 'my-stats' }, 'statistics and streaks'), '.'),
      h('div', { class: 'panels' },
        h('section', { class: 'card-panel' }, h('h2', {}, 'Your player key'),
          h('p', {}, 'This browser keeps the key until you sign in. Copy it now if a bot or another program needs it: once you set a password, you sign in instead, and the key leaves this browser.'),
          field('Player key', key),
          h('p', { class: 'links' }, reveal,
            h('button', { class: 'secondary', id: 'copy-key', onclick: () => navigator.clipboard && navigator.clipboard.writeText(p.key).then(() => say('Key copied.'), () => say('Select the key and copy it.', true)) }, 'Copy the key'),
            h('button', { class: 'secondary', id: 'rotate-key', onclick: async () => {
              try { await api.rotateKey(); say('A new key replaces the old one, which no longer works.'); ctx.route(); } catch (e) { say(e.message, true); }
            } }, 'Get a new key'),
            h('button', { class: 'secondary', id: 'forget-key', onclick: () => { api.forgetPlayer(); say('This browser no longer holds your key.'); ctx.route(); } }, 'Forget the key here'))),
        passwordForm(p, ctx, async (password) => {
          await api.signIn(p.name, password);
          say('The password is set and you are signed in: this browser no longer keeps the key.');
          ctx.route();
        })));
    return;
  }
  const name = nameInput('register-name', '');
  const register = h('form', {
    class: 'card-panel', id: 'register',
    onsubmit: async (ev) => {
      ev.preventDefault();
      try { await api.register(name.value); say(`Registered ${name.value}: copy your key, then set a password.`); ctx.route(); } catch (e) { say(e.message, true); }
    },
  }, h('h2', {}, 'Register a name'),
  h('p', {}, 'Nobody else can then play under it, your statistics count only your own games, and you can play the daily deal.'),
  field('Name', name), h('button', { type: 'submit', id: 'register-button' }, 'Register'));
  const signName = h('input', { id: 'sign-in-name', required: true, pattern: NAME_PATTERN, autocomplete: 'username' });
  const signPassword = h('input', { id: 'sign-in-password', type: 'password', required: true, maxlength: 256, autocomplete: 'current-password' });
  const signIn = h('form', {
    class: 'card-panel', id: 'sign-in',
    onsubmit: async (ev) => {
      ev.preventDefault();
      try { await api.signIn(signName.value, signPassword.value); say('Signed in.'); ctx.route(); } catch (e) { say(e.message, true); }
    },
  }, h('h2', {}, 'Sign in'),
  field('Registered name', signName), field('Password', signPassword),
  h('p', { class: 'links' }, h('button', { type: 'submit', id: 'sign-in-button' }, 'Sign in'),
    api.passkeysSupported() ? h('button', { type: 'button', class: 'secondary', id: 'passkey-sign-in', onclick: async () => {
      try { await api.passkeySignIn(); say('Signed in.'); ctx.route(); } catch (e) { say(e.message, true); }
    } }, 'Sign in with a passkey') : null));
  const pasteName = h('input', { id: 'paste-name', required: true, pattern: NAME_PATTERN, autocomplete: 'off' });
  const pasteKey = h('input', { id: 'paste-key', required: true, autocomplete: 'off', minlength: 20 });
  const paste = h('form', {
    class: 'card-panel', id: 'paste',
    onsubmit: async (ev) => {
      ev.preventDefault();
      try { await api.checkAndKeepKey(pasteName.value, pasteKey.value.trim()); say('Key accepted.'); ctx.route(); } catch (e) { say(e.message, true); }
    },
  }, h('h2', {}, 'Use your key from another device'),
  field('Registered name', pasteName), field('Player key', pasteKey), h('button', { type: 'submit', id: 'paste-button' }, 'Use this key'));
  show(h('h1', {}, 'You'), h('p', {}, 'You may play under any name without registering. Register to keep a name to yourself; sign in to play as it on any device.'),
    h('div', { class: 'panels' }, signIn, register, paste),
    h('p', {}, 'Lost your key and cannot sign in (no password or passkey)? Then the name cannot be recovered: set a password while you have the key.'));
}
