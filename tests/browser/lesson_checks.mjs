// tests/browser/lesson_checks.mjs — the page for students, teachers and researchers, called by
// test_page.mjs: every metric's direction as the page reads it (the engine's metric table)
// against a table written here, Compare's paired verdicts and "best" highlight following it;
// Compare and Sweep links that round-trip (mode, strategies, axis, values, replications);
// every preset opening a card that names its paper and figure, a figure preset opening the
// sweep on the paper's x-axis; a door for a first-time student (Start here on a first visit, a
// tab title saying what the page is, developer readouts kept behind View); screenshots at
// 1280x800, 1920x1080 and 390x844.
import fs from 'node:fs';
import path from 'node:path';
import { until, frames } from './ui_checks.mjs';

// Which way each metric improves, for a reader (written independently of the engine's table).
const DIRECTION = {
  jobs_completed: 'higher', utilization: 'higher', mean_response_time: 'lower', mean_wait_time: 'lower',
  mean_service_time: 'lower', mean_jobs_in_system: 'lower', throughput: 'higher', external_fragmentation: 'lower',
  internal_fragmentation: 'lower', mean_blocks_per_job: 'lower', mean_packet_latency: 'lower', mean_packet_blocking: 'lower',
  network_cycles: 'neither', mean_dispersal: 'lower', contiguous_fraction: 'higher', effectiveness: 'higher',
  unreliability: 'lower', jobs_dropped: 'lower', makespan: 'lower', allocation_failures: 'lower',
  mean_bounded_slowdown: 'lower', mean_packet_queueing: 'lower', completion_ratio: 'higher', mean_allocation_ops: 'lower',
  max_allocation_ops: 'lower', mean_release_ops: 'lower', utilization_sd: 'neither',
};

// The verdict a reader expects on a paired difference d ± h (base: the baseline's mean).
function expectedVerdict(dir, d, h, base) {
  if (Math.abs(d) + h <= 1e-9 * Math.abs(base)) return 'same';
  if (d - h <= 0 && d + h >= 0) return 'not established at 95%';
  if (dir === 'neither') return 'differs';
  return (d > 0) === (dir === 'higher') ? 'better' : 'worse';
}

export async function lessonChecks({ open, check, shots }) {
  const shot = async (page, name) => fs.writeFileSync(path.join(shots, name), await page.screenshot());
  const cmd = (page, name, arg) => page.evaluate(([n, a]) => window.alloclab.command(n, a), [name, arg]);

  // ---- 1. metric directions: the page's table, Compare's paired verdicts and best values
  const link = 'jobs=200&arrival=poisson:0.03&replications=4&mode=compare&compare=ff,random';
  const c = await open(link);
  const metrics = JSON.parse(await cmd(c, 'metrics'));
  const done = await until(c, () => JSON.parse(window.alloclab.command('compareVerdicts')).paired.random !== undefined, null, 60000);
  const verdicts = JSON.parse(await cmd(c, 'compareVerdicts'));
  const csv = (await cmd(c, 'compareCsv')).trim().split('\n');
  const head = csv[0].split(','), row = csv[2].split(','), base = csv[1].split(',');
  check('Compare link opens Compare with its strategies; paired replications finish', done && (await c.evaluate(() => window.alloclab.state().mode)) === 'Compare',
        `${csv.length - 1} CSV rows`);
  check('every metric of the engine has a direction here (and no other)', metrics.length === Object.keys(DIRECTION).length,
        `${metrics.length} metrics`);
  for (const m of metrics) {
    const want = DIRECTION[m.name];
    const d = Number(row[head.indexOf(`${m.name}_diff_mean`)]), h = Number(row[head.indexOf(`${m.name}_diff_ci95`)]);
    const b = Number(base[head.indexOf(`${m.name}_mean`)]);
    const exp = expectedVerdict(want, d, h, b), got = verdicts.paired.random?.[m.name];
    // the single-run table's highlight: the better value in the metric's direction, none for neither or a tie
    const [v0, v1] = verdicts.values[m.name];
    const best = want === 'neither' || v0 === v1 ? '' : (want === 'higher') === (v1 > v0) ? 'random' : 'ff';
    check(`metric ${m.name}: ${want} is better; paired verdict and best follow it`,
          m.better === `${want} is better`.replace('neither is better', 'neither better nor worse') && got === exp && verdicts.best[m.name] === best && m.help.length > 20,
          `${m.better}; random - ff = ${d} +/- ${h}: ${got} (expected ${exp}); best ${verdicts.best[m.name] || '-'} (expected ${best || '-'})`);
  }
  // the --baseline CSV's better / worse columns list the same verdicts
  const better = row[head.indexOf('better')] ?? '', worse = row[head.indexOf('worse')] ?? '';
  const wantBetter = metrics.filter((m) => verdicts.paired.random[m.name] === 'better').map((m) => m.name).join(';');
  const wantWorse = metrics.filter((m) => verdicts.paired.random[m.name] === 'worse').map((m) => m.name).join(';');
  check('Compare CSV: better / worse columns equal the window\'s verdicts', head.includes('better') && better === wantBetter && worse === wantWorse,
        `better: ${better || '-'} | worse: ${worse || '-'}`);
  await shot(c, 'compare-paired-directions.png');

  // ---- 2. links keep the lesson: Compare and Sweep round-trip, Run links unchanged
  const share = await cmd(c, 'shareLink');
  check('Compare link round-trips (mode, strategies) and the fragment shows it', share === link && (await c.evaluate(() => location.hash)) === '#' + link, share);
  await c.close();
  const sweepLink = 'jobs=60&mode=sweep&sweep_strategies=ff,mbs&sweep_key=service&sweep_values=exponential:20%3Bexponential:60&sweep_replications=2';
  const s = await open(sweepLink);
  const sw = await s.evaluate(() => ({ mode: window.alloclab.state().mode, words: window.alloclab.command('sweepWords'), share: window.alloclab.command('shareLink') }));
  check('Sweep link round-trips (mode, strategies, axis, values, replications)',
        sw.mode === 'Sweep' && sw.words === 'strategy=ff,mbs\nservice=exponential:20;exponential:60\nreplications=2' && sw.share === sweepLink, JSON.stringify(sw));
  await cmd(s, 'sweep', 'ff,mbs|20,60|2|service');
  const swept = await until(s, () => !window.alloclab.state().sweep.running && window.alloclab.state().sweep.done === 8, null, 60000);
  await frames(s, 3);
  const axis = await cmd(s, 'sweepAxis');
  check('Sweep over the service mean: finished, x-axis is the service mean', swept && axis === 'service (exponential mean)', axis);
  await shot(s, 'sweep-service.png');
  // a mode switch moves the fragment; a Run link stays the canonical link
  await s.keyboard.press('1');
  const runHash = await until(s, () => window.alloclab.state().mode === 'Run' && location.hash === '#' + window.alloclab.link(), null, 5000);
  check('back in Run mode the fragment is the canonical link again', runHash, await s.evaluate(() => location.hash));
  await s.close();

  // ---- 3. presets are lessons: a card naming the paper and figure; figures open their sweep
  const p = await open('');
  const names = await p.evaluate(() => window.alloclab.presets());
  const projectNumbers = [];  // card text naming a paper by the project's old number instead of authors and year
  for (const name of names) {
    const loaded = await p.evaluate((n) => { try { return window.alloclab.loadPreset(n) === true ? '' : 'not loaded'; } catch (e) { return e.message; } }, name);
    const card = JSON.parse((await cmd(p, 'lesson')) || '{}');
    const mode = await p.evaluate(() => window.alloclab.state().mode);
    const words = await cmd(p, 'sweepWords');
    const modeOk = !card.mode || mode.toLowerCase() === card.mode;
    const axisOk = !card.x || words.split('\n')[1].startsWith(card.x + '=');
    check(`preset ${name}: card names its paper and figure, opens in its mode`,
          !loaded && card.name === name && card.title && card.paper && card.figure && /(\d{4}|Our own)/.test(card.paper) && modeOk && axisOk,
          `${card.paper} | ${card.figure} | ${card.title} | ${mode}${card.x ? ' x=' + card.x : ''}${loaded ? ' | ' + loaded : ''}`);
    for (const [field, text] of Object.entries(card))
      if (field !== 'name' && /seed ?0\d\d/i.test(text)) projectNumbers.push(`${name} ${field}: ${text}`);
  }
  check('preset cards cite papers by authors and year (no "Seed 00N" in any card)', names.length > 0 && projectNumbers.length === 0,
        projectNumbers.join(' | ').slice(0, 300));
  await p.evaluate(() => window.alloclab.loadPreset('seed001-figure5'));
  await frames(p, 3);
  const fig = await p.evaluate(() => ({ mode: window.alloclab.state().mode, axis: window.alloclab.command('sweepAxis'), words: window.alloclab.command('sweepWords') }));
  check('Srisawat & Alexandridis 1999 Figure 5 opens the sweep on the service mean (the paper\'s x-axis)',
        fig.mode === 'Sweep' && fig.axis === 'service (exponential mean)' &&
        fig.words.split('\n')[1] === 'service=exponential:4;exponential:8;exponential:12;exponential:16;exponential:20', JSON.stringify(fig));
  for (const [w, h] of [[1280, 800], [1920, 1080], [390, 844]]) {
    await p.setViewportSize({ width: w, height: h });
    await frames(p, 4);
    await shot(p, `lesson-card-${w}x${h}.png`);
  }
  await p.close();

  // ---- 4. a door for a first-time student: a first visit (no link) opens Help on "Start here"
  //      with the Glossary beside it; the tab title and the menu bar's right end say what the
  //      page is (developer numbers such as the frame work only behind View); a lesson replaces
  //      Start here with its card and names itself in the tab title
  const d = await open('');
  await frames(d, 3);
  const first = JSON.parse(await cmd(d, 'layout'));
  const tabs = first.tabs.map((t) => t.label);
  check('first visit: Help opens on "Start here", the Glossary beside it',
        first.windows.some((w) => w.name === 'Help') && tabs.includes('Start here') && tabs.includes('Glossary'),
        `windows ${first.windows.filter((w) => !w.child).map((w) => w.name).join(', ')}; tabs ${tabs.join(', ')}`);
  // the Glossary tab, clicked: every metric's and strategy's row whole (no term, direction or
  // kind cut short by its column, e.g. "neither better nor worse")
  const gtab = first.tabs.find((t) => t.label === 'Glossary');
  if (gtab) {
    await d.mouse.click((gtab.rect[0] + gtab.rect[2]) / 2, (gtab.rect[1] + gtab.rect[3]) / 2);
    await frames(d, 3);
  }
  for (const [w, h] of [[1280, 800], [1920, 1080], [390, 844]]) {
    await d.setViewportSize({ width: w, height: h });
    await frames(d, 4);
    const gl = JSON.parse(await cmd(d, 'layout'));
    const glossaries = gl.tables.filter((t) => /glossary/.test(t.window));
    const glossCut = glossaries.flatMap((t) => t.columns.filter((c) => c.cut > 1).map((c) => `${c.name} +${c.cut.toFixed(0)}px`));
    const help = gl.windows.find((x) => x.name === 'Help');
    const inView = help && help.rect[0] >= 0 && help.rect[1] >= 0 && help.rect[2] <= gl.display[0] && help.rect[3] <= gl.display[1];
    check(`Help > Glossary (tab clicked) at ${w}x${h}: inside the screen, the metric and strategy tables drawn, no column's text cut at its edge`,
          inView && glossaries.length === 2 && glossCut.length === 0,
          `Help at ${help ? help.rect.map((v) => v.toFixed(0)).join(',') : 'none'}; ${glossaries.length} tables (${glossaries.map((t) => t.columns.map((c) => c.name).join('/')).join(', ')})${glossCut.length ? '; cut: ' + glossCut.join(', ') : ''}`);
    await shot(d, `glossary-${w}x${h}.png`);
  }
  await d.setViewportSize({ width: 1280, height: 800 });
  await frames(d, 3);
  const title = await d.evaluate(() => document.title);
  check('first visit: the tab title says what the page is (not just "alloclab")', /processor allocation/.test(title), title);
  check('the menu bar ends with the one-line description; no developer readouts by default',
        /processor allocation/.test(first.menuNote) && !/frame work|budget|ms\b/.test(first.menuNote), first.menuNote);
  await d.evaluate(() => window.alloclab.loadPreset('seed001-figure5'));
  await frames(d, 3);
  const lesson = JSON.parse(await cmd(d, 'layout'));
  const card = JSON.parse(await cmd(d, 'lesson'));
  const lessonTitle = await d.evaluate(() => document.title);
  check('a lesson closes Start here and its card names the tab',
        !lesson.windows.some((w) => w.name === 'Help') && card.title && lessonTitle === `${card.title} - alloclab`,
        `${lessonTitle}; Help ${lesson.windows.some((w) => w.name === 'Help') ? 'open' : 'closed'}`);
  await d.close();
}
