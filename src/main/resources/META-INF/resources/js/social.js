// A registered player's life with others in the web client (docs/web-client.md): the player's
// event stream shows challenges made to them live, with accept and decline, on every page; a
// player's page lets them challenge that player; the lobby has quick pairing with a waiting state
// and a cancel. All of it needs the player key this browser keeps (#/me).

import * as api from './api.js';
import { h, say } from './dom.js';
import { arenaGameStarted } from './arenas.js';

let following = null; // {name, stop}
const incoming = new Map(); // challenge id → challenge

/** The panel of challenges made to this browser's player, kept in the page outside every route's content. */
function panel() {
  return document.getElementById('incoming');
}

function drawIncoming(go) {
  const list = [...incoming.values()];
  const node = panel();
  if (!node) return;
  node.hidden = list.length === 0;
  // Named by its heading only while it has one (a section without a name may not point at none).
  if (node.hidden) node.removeAttribute('aria-labelledby');
  else node.setAttribute('aria-labelledby', 'incoming-title');
  node.replaceChildren(h('h2', { id: 'incoming-title' }, 'Challenges to you'),
    h('ul', { class: 'challenges' }, list.map((c) => h('li', { 'data-id': c.id },
      h('span', {}, `${c.challenger} challenges you to ${c.type}${c.rated ? ' (rated)' : ''}`,
        c.challengerSeat == null ? '' : `, ${c.challengerSeat === 0 ? 'moving first' : 'you move first'}`, '. '),
      h('span', { class: 'links' },
        h('button', { class: 'accept', 'data-id': c.id, onclick: async () => {
          try {
            const accepted = await api.acceptChallenge(c.id);
            incoming.delete(c.id);
            drawIncoming(go);
            go(`#/game/${accepted.game.id}`);
          } catch (e) { say(e.message, true); incoming.delete(c.id); drawIncoming(go); }
        } }, `Accept ${c.challenger}’s challenge`),
        h('button', { class: 'secondary decline', 'data-id': c.id, onclick: async () => {
          try { await api.declineChallenge(c.id, 'generic'); say(`You declined ${c.challenger}’s challenge.`); } catch (e) { say(e.message, true); }
          incoming.delete(c.id);
          drawIncoming(go);
        } }, 'Decline'))))));
}

/**
 * Follows this browser's player's event stream while a key is kept, from any page; called at every
 * route, so that registering, pasting or forgetting a key takes effect at once.
 */
export function followPlayer(go) {
  const p = api.player();
  if (following && (!p || following.name !== p.name)) {
    following.stop();
    following = null;
    incoming.clear();
    drawIncoming(go);
  }
  if (!p || following) return;
  const stop = api.followPlayer((kind, data) => {
    const mine = (name) => name && name.toLowerCase() === p.name.toLowerCase();
    if (kind === 'snapshot') {
      incoming.clear();
      for (const c of data.challenges.in) incoming.set(c.id, c);
    } else if (kind === 'challenge' && mine(data.challenged)) {
      incoming.set(data.id, data);
      say(`${data.challenger} challenges you: accept or decline above.`);
    } else if (kind === 'gameStart') {
      arenaGameStarted(data, go); // an arena's pairing opens by itself while the player follows the arena
      return;
    } else if (kind.startsWith('challenge')) {
      incoming.delete(data.id);
      if (kind === 'challengeDeclined' && mine(data.challenger)) say(`${data.challenged} declined your challenge (${data.declineReason}).`);
    }
    drawIncoming(go);
  });
  following = { name: p.name, stop };
}

/** On a registered player's page: challenge them, then wait for the answer, with a cancel. */
export function challengeSection(name, go, onLeave) {
  const p = api.player();
  if (!p) {
    return h('p', { class: 'muted', id: 'challenge-hint' }, 'Register a name (', h('a', { href: '#/me' }, 'You'), ') to challenge this player.');
  }
  if (p.name.toLowerCase() === name.toLowerCase()) return null;
  const rated = h('input', { type: 'checkbox', id: 'challenge-rated' });
  const seat = h('select', { id: 'challenge-seat' },
    h('option', { value: '' }, 'drawn at random'), h('option', { value: '0' }, 'I move first'), h('option', { value: '1' }, 'they move first'));
  const state = h('p', { id: 'challenge-state', role: 'status' });
  let poll = null;
  onLeave(() => { clearInterval(poll); poll = null; });
  const form = h('form', {
    class: 'card-panel', id: 'challenge',
    onsubmit: async (ev) => {
      ev.preventDefault();
      try {
        const c = await api.challenge(name, { rated: rated.checked, challengerSeat: seat.value === '' ? null : Number(seat.value) });
        const cancel = h('button', { class: 'secondary', id: 'challenge-cancel', type: 'button', onclick: async () => {
          clearInterval(poll);
          poll = null;
          try { await api.cancelChallenge(c.id); } catch (e) { say(e.message, true); }
          state.replaceChildren('Challenge cancelled.');
        } }, 'Cancel the challenge');
        state.replaceChildren(`Challenge sent to ${name}: waiting for an answer… `, cancel);
        clearInterval(poll);
        const timer = setInterval(async () => {
          let now;
          try { now = await api.getChallenge(c.id); } catch { return; }
          if (poll !== timer) return; // cancelled or left while the answer was on its way
          if (now.status === 'accepted') { clearInterval(poll); go(`#/game/${now.gameId}`); }
          else if (now.status !== 'pending') {
            clearInterval(poll);
            state.replaceChildren(`Your challenge was ${now.status}${now.declineReason ? ` (${now.declineReason})` : ''}.`);
          }
        }, 1000);
        poll = timer;
      } catch (e) { say(e.message, true); }
    },
  }, h('h2', {}, `Challenge ${name}`),
  h('p', {}, 'A game of Dazzle, as soon as they accept.'),
  h('p', {}, h('label', {}, rated, ' Rated')),
  h('p', {}, h('label', { for: 'challenge-seat' }, 'Seats '), seat),
  h('button', { type: 'submit', id: 'challenge-button' }, `Challenge ${name}`), state);
  return form;
}

/** In the lobby: quick pairing with any registered opponent near this player's strength. */
export function quickPairing(go, onLeave) {
  const p = api.player();
  if (!p) {
    return h('section', { class: 'card-panel', id: 'quick' }, h('h2', {}, 'Quick pairing'),
      h('p', {}, 'Register a name (', h('a', { href: '#/me' }, 'You'), ') to be paired with an opponent of your strength.'));
  }
  const rated = h('input', { type: 'checkbox', id: 'quick-rated', checked: true });
  const state = h('p', { id: 'quick-state', role: 'status' });
  let seekId = null;
  let poll = null;
  const stopWaiting = () => { clearInterval(poll); poll = null; };
  const cancel = async () => {
    stopWaiting();
    const id = seekId;
    seekId = null;
    if (id) { try { await api.cancelSeek(id); } catch { /* paired or ended meanwhile */ } }
  };
  onLeave(() => { if (seekId) cancel(); });
  const find = h('button', { id: 'quick-find', type: 'button', onclick: async () => {
    try {
      const s = await api.seek({ rated: rated.checked });
      seekId = s.id;
      const started = Date.now();
      find.disabled = true;
      state.replaceChildren('Looking for an opponent… ', h('button', { class: 'secondary', id: 'quick-cancel', type: 'button', onclick: async () => {
        await cancel();
        find.disabled = false;
        state.replaceChildren('Stopped looking.');
      } }, 'Cancel'));
      const timer = setInterval(async () => {
        let now;
        try { now = await api.getSeek(s.id); } catch { return; }
        if (poll !== timer) return; // cancelled or left while the answer was on its way
        if (now.status === 'paired') { seekId = null; stopWaiting(); go(`#/game/${now.gameId}`); }
        else if (now.status !== 'open') {
          seekId = null;
          stopWaiting();
          find.disabled = false;
          state.replaceChildren(`Nobody was found (${now.status}). Try again.`);
        } else {
          state.firstChild.textContent = `Looking for an opponent… ${Math.round((Date.now() - started) / 1000)} s `;
        }
      }, 1000);
      poll = timer;
    } catch (e) { say(e.message, true); }
  } }, 'Find an opponent');
  return h('section', { class: 'card-panel', id: 'quick', 'aria-labelledby': 'quick-title' },
    h('h2', { id: 'quick-title' }, 'Quick pairing'),
    h('p', {}, `Dazzle with any registered player near your strength, as ${p.name}.`),
    h('p', {}, h('label', {}, rated, ' Rated')),
    find, state);
}
