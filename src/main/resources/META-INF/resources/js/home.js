// The new-game page: Scoundrel (ruleset, options, certified deal, clock), Dazzle against a
// computer or a second person (clock), loading a record file, and this browser's running games.

import * as api from './api.js';
import { CLOCKS, clockSelect, field, h, nameInput, remember, say, seatName } from './dom.js';
import { rulesSummary } from './rules.js';

function defaultName() {
  const p = api.player();
  return p ? p.name : undefined;
}

function scoundrelForm(type, go) {
  const rulesets = type.rulesets;
  const ruleset = h('select', { id: 'scoundrel-ruleset' }, rulesets.map((r) => h('option', { value: r.name, selected: r.isDefault }, r.name)));
  const about = h('p', { class: 'muted small', id: 'ruleset-about' });
  const optionsBox = h('div', { class: 'options' });
  const drawOptions = () => {
    const r = rulesets.find((x) => x.name === ruleset.value);
    about.textContent = r.description;
    optionsBox.replaceChildren(...r.options.map((o) => field(o.description || o.name,
      h('select', { id: `scoundrel-${o.name}`, 'data-option': o.name }, o.values.map((v) => h('option', { value: v, selected: v === o.defaultValue }, v))))));
  };
  ruleset.addEventListener('change', drawOptions);
  drawOptions();
  const name = nameInput('scoundrel-name', defaultName());
  const seed = h('input', { id: 'scoundrel-seed', placeholder: 'secret (made by the server)', maxlength: 200 });
  const certified = h('input', { type: 'checkbox', id: 'scoundrel-certified' });
  certified.addEventListener('change', () => { seed.disabled = certified.checked; });
  const clock = clockSelect('scoundrel-clock');
  return h('form', {
    class: 'card-panel', id: 'new-scoundrel',
    onsubmit: async (ev) => {
      ev.preventDefault();
      remember(name.value);
      const options = Object.fromEntries([...optionsBox.querySelectorAll('select')].map((s) => [s.dataset.option, s.value]));
      say(certified.checked ? 'Looking for a deal the solver proves winnable…' : '');
      try {
        const g = await api.createGame({
          type: 'scoundrel', ruleset: ruleset.value, seed: certified.checked ? undefined : seed.value || undefined, options,
          seats: [{ name: name.value }], certified: certified.checked, clock: CLOCKS[clock.value].clock,
        });
        say('');
        go(`#/game/${g.id}`);
      } catch (e) { say(e.message, true); }
    },
  },
  h('h2', {}, 'Scoundrel'),
  h('p', {}, 'The solo dungeon crawl: fight monsters (♠ ♣), equip weapons (♦), drink potions (♥). Survive the deck.'),
  field('Your name', name), field('Ruleset', ruleset), about, optionsBox,
  h('label', { class: 'check' }, certified, ' Certified deal: one the solver proved winnable (dealt from a secret seed)'),
  field('Seed (optional)', seed), field('Clock', clock),
  h('button', { type: 'submit', id: 'start-scoundrel' }, 'Start Scoundrel'),
  rulesSummary('scoundrel'));
}

/** The Dazzle form; `openOnly` (the lobby's) always leaves the second seat open. */
export function dazzleForm(type, go, openOnly = false) {
  const opponent = h('select', { id: 'dazzle-opponent' },
    type.aiLevels.map((l) => h('option', { value: l, selected: l === 'heuristic' }, `computer: ${l}`)),
    h('option', { value: '' }, 'a second person (share a link or the lobby)'));
  const prefix = openOnly ? 'open' : 'dazzle';
  const name = nameInput(`${prefix}-name`, defaultName());
  const seed = h('input', { id: 'dazzle-seed', placeholder: 'secret (made by the server)', maxlength: 200 });
  const seedNote = h('small', { class: 'muted' }, '');
  const clock = clockSelect(`${prefix}-clock`);
  // A rated game (docs/ratings.md): the registered name's key verifies the seat, and the deal is
  // always from a secret seed.
  const registered = api.player();
  const rated = h('input', { type: 'checkbox', id: `${prefix}-rated`, disabled: !registered });
  const ratedNote = h('small', { class: 'muted', id: `${prefix}-rated-note` }, registered
    ? `Rated: your rating as ${registered.name} changes with the result; the other person must be registered too.`
    : 'Register a name (You) to play rated games.');
  // The lobby's open rated game may ask for a rating range of whoever takes the open seat
  // (docs/ratings.md, "Rating ranges"); the fields show while "Rated game" is ticked.
  const bound = (which, label) => field(label, h('input', { id: `${prefix}-rating-${which}`, type: 'number', min: 0, max: 4000,
    step: 1, inputmode: 'numeric', placeholder: 'any' }));
  const range = openOnly ? h('div', { class: 'range-fields', id: `${prefix}-rating-range`, hidden: true },
    bound('min', 'Lowest rating of the other player'), bound('max', 'Highest rating of the other player')) : null;
  const rangeValue = () => {
    if (!range || !rated.checked) return undefined;
    const [min, max] = ['min', 'max'].map((w) => range.querySelector(`#${prefix}-rating-${w}`).value);
    if (min === '' && max === '') return undefined;
    return { min: min === '' ? 0 : Number(min), max: max === '' ? 4000 : Number(max) };
  };
  const seedRule = () => {
    seed.disabled = !opponent.value || rated.checked;
    seedNote.textContent = !opponent.value ? 'A game with a second person is always dealt from a secret seed.'
      : rated.checked ? 'A rated game is always dealt from a secret seed.' : '';
  };
  opponent.addEventListener('change', seedRule);
  rated.addEventListener('change', () => {
    if (rated.checked && registered) name.value = registered.name;
    if (range) range.hidden = !rated.checked;
    seedRule();
  });
  return h('form', {
    class: 'card-panel', id: openOnly ? 'open-game' : 'new-dazzle',
    onsubmit: async (ev) => {
      ev.preventDefault();
      remember(name.value);
      const ai = openOnly ? '' : opponent.value;
      const other = ai ? { ai } : { open: true };
      try {
        const g = await api.createGame({ type: 'dazzle', seed: ai && !rated.checked ? seed.value || undefined : undefined, seats: [{ name: name.value }, other],
          clock: CLOCKS[clock.value].clock, rated: rated.checked, ratingRange: rangeValue() });
        go(`#/game/${g.id}`);
      } catch (e) { say(e.message, true); }
    },
  },
  h('h2', {}, openOnly ? 'Open a game of Dazzle' : 'Dazzle'),
  openOnly
    ? h('p', {}, 'Anyone in the lobby may take the second seat; you can call the game off while it waits.')
    : h('p', {}, 'Two players, hidden colours: present two cards, your rival owns one and the other is invested in its colour’s pot.'),
  field('Your name', name), openOnly ? null : [field('Opponent', opponent), field('Seed (optional)', seed), seedNote],
  field('Clock (for people; computers answer at once)', clock),
  h('label', { class: 'check' }, rated, ' Rated game'), ratedNote, range,
  h('button', { type: 'submit', id: openOnly ? 'open-dazzle' : 'start-dazzle' }, openOnly ? 'Open the game' : 'Start Dazzle'),
  openOnly ? null : rulesSummary('dazzle'));
}

/** Loading a record file: a finished game to replay, a game cut short to play on. */
function recordForm(go) {
  const file = h('input', { type: 'file', id: 'record-file', accept: 'application/json,.json' });
  return h('form', {
    class: 'card-panel', id: 'load-record',
    onsubmit: async (ev) => {
      ev.preventDefault();
      if (!file.files.length) { say('Choose a record file first.', true); return; }
      try {
        const rec = JSON.parse(await file.files[0].text());
        const g = await api.importRecord(rec);
        go(g.status === 'finished' ? `#/replay/${g.id}` : `#/game/${g.id}`);
      } catch (e) {
        if (e.code === 'record-exists' && e.problem && e.problem.gameId) {
          say('This game is already here: opening it.');
          go(`#/game/${e.problem.gameId}`);
        } else {
          say(e instanceof SyntaxError ? 'That file is not a record (not JSON).' : e.message, true);
        }
      }
    },
  },
  h('h2', {}, 'Load a record'),
  h('p', {}, 'A record saved from a finished game opens as a replay; a record of a game cut short continues it here, with you in its seats.'),
  field('Record file', file),
  h('button', { type: 'submit', id: 'import-record' }, 'Load the record'));
}

/** The running games this browser holds a seat in, to go back to. */
async function myGames() {
  const games = await Promise.all(api.storedGameIds().map((id) => api.loadGame(id).catch(() => null)));
  const running = games.filter((g) => g && g.viewer != null && g.status !== 'finished')
    .sort((a, b) => (a.updatedAt < b.updatedAt ? 1 : -1)).slice(0, 10);
  if (!running.length) return null;
  return h('section', { id: 'my-games' }, h('h2', {}, 'Your running games'),
    h('ul', {}, running.map((g) => h('li', {}, h('a', { href: `#/game/${g.id}` },
      `${g.type} · ${g.seats.map(seatName).join(' v ')} · move ${g.moveCount}${g.status === 'waiting' ? ' · waiting for a player' : ''}`)))));
}

/** `#/`. */
export async function home(show, go) {
  show(h('h1', {}, 'New game'), h('p', { class: 'muted' }, 'Loading…'));
  const types = await api.gameTypes();
  const byType = Object.fromEntries(types.map((t) => [t.type, t]));
  const forms = [];
  if (byType.scoundrel) forms.push(scoundrelForm(byType.scoundrel, go));
  if (byType.dazzle) forms.push(dazzleForm(byType.dazzle, go));
  const p = api.player();
  show(h('h1', {}, 'New game'),
    h('p', {}, p ? ['Playing as ', h('strong', { id: 'player-name' }, p.name), ' (registered: your games count as verified). '] : 'Play under any name, or ',
      p ? null : h('a', { href: '#/me' }, 'register one'), p ? null : ' so that only you can use it. ',
      'Find a partner in the ', h('a', { href: '#/lobby' }, 'lobby'), ', or play ', h('a', { href: '#/daily' }, 'today’s daily deal'), '.'),
    h('div', { class: 'panels' }, forms, recordForm(go)),
    await myGames());
}
