// The person using this browser: register a name, keep its player key here, copy it out to use
// on another device, paste one in, renew it, forget it; links to their statistics and streaks.

import * as api from './api.js';
import { NAME_PATTERN, field, h, nameInput, say } from './dom.js';

/** `#/me`. */
export async function mePage(show, ctx) {
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
      h('section', { class: 'card-panel' }, h('h2', {}, 'Your player key'),
        h('p', {}, 'The key is your password: it is kept only in this browser. Copy it to play as ', p.name, ' on another device; anyone with it can play as you.'),
        field('Player key', key),
        h('p', { class: 'links' }, reveal,
          h('button', { class: 'secondary', id: 'copy-key', onclick: () => navigator.clipboard && navigator.clipboard.writeText(p.key).then(() => say('Key copied.'), () => say('Select the key and copy it.', true)) }, 'Copy the key'),
          h('button', { class: 'secondary', id: 'rotate-key', onclick: async () => {
            try { await api.rotateKey(); say('A new key replaces the old one, which no longer works.'); ctx.route(); } catch (e) { say(e.message, true); }
          } }, 'Get a new key'),
          h('button', { class: 'secondary', id: 'forget-key', onclick: () => { api.forgetPlayer(); say('This browser no longer holds your key.'); ctx.route(); } }, 'Forget the key here'))));
    return;
  }
  const name = nameInput('register-name', '');
  const register = h('form', {
    class: 'card-panel', id: 'register',
    onsubmit: async (ev) => {
      ev.preventDefault();
      try { await api.register(name.value); say(`Registered ${name.value}: your key is kept in this browser.`); ctx.route(); } catch (e) { say(e.message, true); }
    },
  }, h('h2', {}, 'Register a name'),
  h('p', {}, 'Nobody else can then play under it, your statistics count only your own games, and you can play the daily deal.'),
  field('Name', name), h('button', { type: 'submit', id: 'register-button' }, 'Register'));
  const pasteName = h('input', { id: 'paste-name', required: true, pattern: NAME_PATTERN, autocomplete: 'username' });
  const pasteKey = h('input', { id: 'paste-key', required: true, autocomplete: 'off', minlength: 20 });
  const paste = h('form', {
    class: 'card-panel', id: 'paste',
    onsubmit: async (ev) => {
      ev.preventDefault();
      try { await api.checkAndKeepKey(pasteName.value, pasteKey.value.trim()); say('Key accepted.'); ctx.route(); } catch (e) { say(e.message, true); }
    },
  }, h('h2', {}, 'Use your key from another device'),
  field('Registered name', pasteName), field('Player key', pasteKey), h('button', { type: 'submit', id: 'paste-button' }, 'Use this key'));
  show(h('h1', {}, 'You'), h('p', {}, 'You may play under any name without registering. Register to keep a name to yourself.'),
    h('div', { class: 'panels' }, register, paste));
}
