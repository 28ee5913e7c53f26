// Lighthouse (the version pinned in package-lock.json) on each URL given, mobile preset (Lighthouse's default
// config: a mid-range phone, simulated slow 4G and CPU throttling), in the Chromium at CHROME_PATH.
//
//   CHROME_PATH=/usr/bin/chromium node bench/lighthouse/run.mjs OUT_DIR RUNS URL...
//
// Each URL is audited RUNS times, each run in a fresh headless browser with a fresh profile, and the median
// run is kept (Lighthouse's own computeMedianRun, by FCP and time to interactive): one run swings with
// whatever else the machine does. The kept reports are written to OUT_DIR/<n>.json; stdout gets one JSON
// list with the figures `make bench` keeps, and, for each category below 100, the audits that cost points.
import fs from 'node:fs';
import path from 'node:path';

import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import {computeMedianRun} from 'lighthouse/core/lib/median-run.js';

const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-dev-shm-usage',
];
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];

function lost(lhr, category) {
  // The audits of a category that scored below 1, with their weight: where the points went.
  return lhr.categories[category].auditRefs
    .filter((ref) => ref.weight > 0 && lhr.audits[ref.id].score !== null && lhr.audits[ref.id].score < 1)
    .map((ref) => ({
      id: ref.id,
      weight: ref.weight,
      score: lhr.audits[ref.id].score,
      value: lhr.audits[ref.id].displayValue || '',
    }));
}

async function once(url) {
  const chrome = await chromeLauncher.launch({chromeFlags: CHROME_FLAGS, logLevel: 'silent'});
  try {
    const result = await lighthouse(url, {port: chrome.port, logLevel: 'error', onlyCategories: CATEGORIES});
    const lhr = result.lhr;
    if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    return lhr;
  } finally {
    await chrome.kill();
  }
}

async function audit(url, runs, outFile) {
  const lhrs = [];
  for (let i = 0; i < runs; i++) lhrs.push(await once(url));
  const lhr = computeMedianRun(lhrs);
  fs.writeFileSync(outFile, JSON.stringify(lhr));
  const scores = Object.fromEntries(
    CATEGORIES.map((c) => [c, lhr.categories[c].score === null ? null : Math.round(lhr.categories[c].score * 100)]),
  );
  return {
    url,
    runs,
    performance_of_runs: lhrs.map((r) => Math.round(r.categories.performance.score * 100)),
    lighthouse: lhr.lighthouseVersion,
    browser: lhr.environment.hostUserAgent,
    scores,
    fcp_ms: Math.round(lhr.audits['first-contentful-paint'].numericValue),
    lcp_ms: Math.round(lhr.audits['largest-contentful-paint'].numericValue),
    tbt_ms: Math.round(lhr.audits['total-blocking-time'].numericValue),
    cls: lhr.audits['cumulative-layout-shift'].numericValue,
    transfer_bytes: lhr.audits['total-byte-weight'].numericValue,
    warnings: lhr.runWarnings,
    // Audits Lighthouse could not compute in this browser (none of them is scored; named so it is seen).
    errored_audits: Object.keys(lhr.audits).filter((id) => lhr.audits[id].scoreDisplayMode === 'error'),
    lost: Object.fromEntries(CATEGORIES.filter((c) => scores[c] < 100).map((c) => [c, lost(lhr, c)])),
  };
}

const [outDir, runsArg, ...urls] = process.argv.slice(2);
const runs = Number(runsArg);
if (!outDir || !(runs >= 1) || urls.length === 0) {
  console.error('usage: node bench/lighthouse/run.mjs OUT_DIR RUNS URL...');
  process.exit(2);
}
fs.mkdirSync(outDir, {recursive: true});
const results = [];
for (const [i, url] of urls.entries()) {
  results.push(await audit(url, runs, path.join(outDir, `${i}.json`)));
}
console.log(JSON.stringify(results));
