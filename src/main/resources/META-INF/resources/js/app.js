// The web client's pages, routed by the URL's fragment:
//   #/                 new game (Scoundrel; Dazzle against a computer or a second person), load a record
//   #/lobby            games waiting for players, live; open one, take a seat, cancel one's own
//   #/daily[/ruleset]  today's daily deal, its board and the all-time table
//   #/me               register a name, sign in and out (password or passkey), the password,
//                      passkeys and sessions; keep, copy or paste its player key
//   #/game/{id}        play or watch a game live; take its open seat
//   #/replay/{id}      step through a game position by position
//   #/history?…        browse games; #/player/{name}: a player's ratings, statistics, streaks and games
//   #/ratings[/type/ruleset]  a perf's leaderboard and the computer opponents' ratings
//   #/arenas[?status=…] running, upcoming and finished arenas, and making one; #/arenas/{id}: an arena

import { h, say } from './dom.js';
import { home } from './home.js';
import { gamePage } from './game.js';
import { replayPage } from './replay.js';
import { historyPage, playerPage } from './history.js';
import { lobbyPage } from './lobby.js';
import { dailyPage } from './daily.js';
import { mePage } from './me.js';
import { ratingsPage } from './ratings.js';
import { arenaPage, arenasPage } from './arenas.js';
import { followPlayer } from './social.js';
import * as api from './api.js';

const app = document.getElementById('app');
let keys = new Map();
let leaving = [];

function show(...nodes) {
  app.replaceChildren(...nodes.flat().filter((n) => n !== null && n !== undefined && n !== false));
}

const ctx = {
  setKeys: (map) => { keys = map; },
  onLeave: (fn) => { leaving.push(fn); },
  route: () => route(),
  go: (hash) => { if (location.hash === hash) route(); else location.hash = hash; },
};

/** A page that could not be opened replaces the previous page's content, saying why. */
function failedPage(e) {
  const sealed = e.code === 'game-sealed';
  const missing = e.code === 'game-not-found' || e.code === 'not-found' || e.code === 'arena-not-found';
  show(h('h1', {}, sealed ? 'This game is sealed' : missing ? 'Not found' : 'Something went wrong'),
    h('p', { id: 'page-error' }, sealed
      ? 'It is a game of today’s daily deal: everyone plays the same dungeon, so only its player can open it until the day is over. It opens to everyone after midnight (UTC).'
      : e.message || String(e)),
    h('p', { class: 'links' }, h('a', { href: '#/' }, 'New game'), h('a', { href: '#/history' }, 'History'), sealed ? h('a', { href: '#/daily' }, 'Daily deal') : null));
  say(e.message || String(e), true);
}

const NAV = { home: '#/', lobby: '#/lobby', arenas: '#/arenas', daily: '#/daily', ratings: '#/ratings', history: '#/history', me: '#/me' };

async function route() {
  for (const k of ['game', 'version', 'moves', 'status']) delete app.dataset[k];
  for (const fn of leaving) fn();
  leaving = [];
  keys = new Map();
  say('');
  const [path, query] = (location.hash.slice(1) || '/').split('?');
  const parts = path.split('/').filter(Boolean).map(decodeURIComponent);
  const page = parts[0] || 'home';
  document.body.dataset.page = 'loading';
  followPlayer(ctx.go);
  for (const [name, href] of Object.entries(NAV)) {
    const link = document.querySelector(`header nav a[href="${href}"]`);
    if (link) link.toggleAttribute('aria-current', name === page || (name === 'history' && page === 'player'));
    if (link && link.hasAttribute('aria-current')) link.setAttribute('aria-current', 'page');
  }
  try {
    if (page === 'game' && parts[1]) await gamePage(app, show, ctx, parts[1]);
    else if (page === 'replay' && parts[1]) await replayPage(show, ctx, parts[1]);
    else if (page === 'history') await historyPage(show, new URLSearchParams(query || ''));
    else if (page === 'player' && parts[1]) await playerPage(show, parts[1], ctx);
    else if (page === 'lobby') await lobbyPage(show, ctx);
    else if (page === 'daily') await dailyPage(show, ctx, parts[1]);
    else if (page === 'me') await mePage(show, ctx);
    else if (page === 'ratings') await ratingsPage(show, parts[1], parts[2]);
    else if (page === 'arenas' && parts[1]) await arenaPage(show, ctx, parts[1]);
    else if (page === 'arenas') await arenasPage(show, ctx, new URLSearchParams(query || ''));
    else await home(show, ctx.go);
  } catch (e) {
    failedPage(e);
  }
  document.body.dataset.page = page;
}

function typing(target) {
  return target && (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName));
}

document.addEventListener('keydown', (ev) => {
  if (ev.ctrlKey || ev.metaKey || ev.altKey || typing(ev.target)) return;
  if ((ev.key === 'Enter' || ev.key === ' ') && ['BUTTON', 'A', 'SUMMARY'].includes(ev.target.tagName)) return; // the focused control acts
  if (ev.key === '?') { const k = document.getElementById('keys'); k.open = !k.open; ev.preventDefault(); return; }
  let key = ev.key.length === 1 ? ev.key.toLowerCase() : ev.key;
  // Shift+digit arrives as the shifted character; use the physical key.
  if (ev.shiftKey && /^Digit[1-9]$/.test(ev.code)) key = `!${ev.code.slice(5)}`;
  const action = keys.get(key);
  if (action) { ev.preventDefault(); action(); return; }
  const go = { n: '#/', l: '#/lobby', t: '#/arenas', d: '#/daily', r: '#/ratings', h: '#/history', y: '#/me' }[key];
  if (go) location.hash = go;
});

// The skip link moves the focus to the page's content without changing the route.
document.querySelector('a.skip').addEventListener('click', (ev) => {
  ev.preventDefault();
  document.getElementById('content').focus();
});

window.addEventListener('hashchange', route);
// Who the session cookie signs in as, if anyone, before the first page (api.js, "the registered player").
api.loadAccount().finally(route);
