// End-to-end test of scripts/rin-web in a real browser: Debian's chromium,
// headless, driven by playwright-core. Plays a whole 8x8 game against the
// engine by clicks and checks the page against the engine itself.
//
// node browser_test.js RIN_BINARY OUTPUT_DIR NODE_MODULES
// Exit status 0: passed; 1: failed; 77: skipped (no chromium or no
// playwright-core), which ctest reports as skipped.
"use strict";

const assert = require("node:assert/strict");
const childProcess = require("node:child_process");
const fs = require("node:fs");
const os = require("node:os");
const path = require("node:path");

const SKIP = 77;
const ROOT = path.resolve(__dirname, "..", "..");
const CHROMIUM = process.env.RIN_CHROMIUM || "/usr/bin/chromium";
const [rin, outputDir, nodeModules] = process.argv.slice(2);
const DEADLINE_MS = 150000;
// A 4x4 position two stones from the end that is a proven 8-8 draw.
const DRAW = "1xoo/xxoo/xxoo/xxo1 b 2";

function log(text) { process.stdout.write(`browser_test: ${text}\n`); }

function gtp(commands) {
  const result = childProcess.spawnSync(rin, [], {input: commands.join("\n") + "\nquit\n", encoding: "utf8"});
  if (result.status !== 0) throw new Error(`rin exited ${result.status}: ${result.stderr}`);
  return result.stdout.split("\n\n").filter((r) => r.trim()).map((r) => r.trim());
}

function startServer() {
  return new Promise((resolve, reject) => {
    const server = childProcess.spawn("python3", [path.join(ROOT, "scripts", "rin-web"), "--port", "0",
                                                  "--engine", rin, "--movetime", "50"],
                                      {stdio: ["ignore", "pipe", "inherit"]});
    let seen = "";
    server.stdout.on("data", (chunk) => {
      seen += chunk;
      const match = seen.match(/open (http:\/\/\S+) in a browser/);
      if (match) resolve({server, url: match[1]});
    });
    server.on("exit", (code) => reject(new Error(`rin-web exited ${code} before it listened: ${seen}`)));
  });
}

async function main() {
  if (!fs.existsSync(CHROMIUM)) { log(`SKIPPED: no chromium at ${CHROMIUM}`); return SKIP; }
  let playwright;
  try {
    playwright = require(path.join(nodeModules, "playwright-core"));
  } catch (error) {
    log(`SKIPPED: playwright-core is not installed in ${nodeModules} (${error.message.split("\n")[0]})`);
    return SKIP;
  }
  fs.mkdirSync(outputDir, {recursive: true});
  const {server, url} = await startServer();
  const watchdog = setTimeout(() => {
    log("FAILED: took longer than the deadline");
    server.kill("SIGINT");
    process.exit(1);
  }, DEADLINE_MS);
  try {
    await withBrowser(playwright, {viewport: {width: 1280, height: 900}, acceptDownloads: true},
                      (context) => testGame(context, url));
    await withBrowser(playwright, {viewport: {width: 390, height: 844}, isMobile: true, hasTouch: true},
                      (context) => testPhone(context, url));
  } finally {
    clearTimeout(watchdog);
    server.kill("SIGINT");
  }
  return 0;
}

// A fresh browser with a fresh profile for each part of the test.
async function withBrowser(playwright, options, test) {
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), "rin-web-chromium-"));
  const context = await playwright.chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
           "--disable-background-networking", "--disable-component-update", "--disable-sync"],
    ...options,
  });
  try {
    await test(context);
  } finally {
    await context.close();
    fs.rmSync(profile, {recursive: true, force: true});
  }
}

async function idle(page) {
  await page.waitForFunction(() => document.body.dataset.busy === "false", null, {timeout: 30000});
}

async function humanTurn(page) {
  // Black's turn (the page's player) or the end of the game.
  await page.waitForFunction(() => document.body.dataset.busy === "false" &&
    (document.body.dataset.over === "true" || /^Black to play/.test(document.getElementById("status").textContent)),
    null, {timeout: 30000});
}

async function testGame(context, url) {
  const page = context.pages()[0] || await context.newPage();
  const errors = [];
  page.on("pageerror", (error) => errors.push(error.message));
  // A refused request is logged by the browser too; the page shows those itself.
  page.on("console", (message) => {
    if (message.type() === "error" && !/^Failed to load resource: the server responded with a status of 4/.test(message.text()))
      errors.push(message.text());
  });
  await page.goto(url);
  await page.waitForSelector('#board rect.hit[data-vertex="A1"]');
  await page.selectOption("#size", "8");
  await page.selectOption("#mode", "black");
  await page.selectOption("#movetime", "50");
  await page.click("#new-game");
  await humanTurn(page);
  assert.match(await page.textContent("#status"), /^Black to play, the opening stone/);

  let turns = 0, undone = false, analysed = false;
  while (await page.getAttribute("body", "data-over") !== "true") {
    const before = await page.locator("#moves button").count();
    // A stone of Black's turn: the first empty point in reading order.
    await page.locator('#board rect.hit[data-state="empty"]').first().click();
    await page.waitForFunction((n) => document.querySelectorAll("#moves button").length > n, before, {timeout: 30000});
    await humanTurn(page);
    if (await page.getAttribute("body", "data-over") === "true") break;
    const status = await page.textContent("#status");
    if (!/stone 1 of 2/.test(status)) continue;  // the second stone of the same turn
    turns += 1;
    if (turns === 4 && !undone) {
      // Undo takes back the engine's turn and ours: four stones.
      const stones = await page.locator("#moves button").count();
      const blackBefore = Number(await page.textContent("#count-black"));
      await page.click("#undo");
      await page.waitForFunction((n) => document.querySelectorAll("#moves button").length === n - 4, stones,
                                 {timeout: 30000});
      await humanTurn(page);
      assert.match(await page.textContent("#status"), /^Black to play, stone 1 of 2/);
      assert.ok(Number(await page.textContent("#count-black")) <= blackBefore);
      undone = true;
      log(`undo: ${stones} stones -> ${stones - 4}`);
    }
    if (turns === 6 && !analysed) {
      await page.check("#analyse");
      await page.waitForSelector("#board g.candidate", {timeout: 30000});
      const best = await page.getAttribute("#board g.candidate.best", "data-vertex");
      assert.match(best, /^[A-H][1-8]$/);
      await page.waitForSelector("#candidates li");
      await page.hover("#board g.candidate.best");
      await page.waitForSelector("#board .pv-stone");
      // The status line's depth is the candidates' depth, and it climbs.
      const depth = await analysisDepth(page);
      // The fills make way for the analysis, which goes on.
      await page.check("#threats");
      await page.waitForFunction(() => app.threats !== null, null, {timeout: 30000});
      await page.screenshot({path: path.join(outputDir, "rin-web-analysis.png")});
      await page.waitForTimeout(500);
      assert.match(await page.textContent("#analysis-status"), /searching deeper/);
      await page.uncheck("#threats");
      await page.waitForFunction((d) => {
        const match = /at depth (\d+)/.exec(document.getElementById("analysis-status").textContent);
        return match && Number(match[1]) > d;
      }, depth, {timeout: 15000});
      const deeper = await analysisDepth(page);
      assert.match(await page.textContent("#analysis-status"), /searching deeper/);
      await page.uncheck("#analyse");
      analysed = true;
      log(`analysis: best ${best}, depth ${depth} then ${deeper}, going on through the fills`);
    }
  }
  assert.ok(undone && analysed, "the game ended before the undo and the analysis were tried");
  await idle(page);
  const black = Number(await page.textContent("#count-black"));
  const white = Number(await page.textContent("#count-white"));
  const result = (await page.textContent("#result")).replace("Result ", "");
  assert.equal(black + white, 64);
  await page.screenshot({path: path.join(outputDir, "rin-web-final.png")});

  const [download] = await Promise.all([page.waitForEvent("download"), page.click("#download-sgf")]);
  const sgfPath = path.join(outputDir, "rin-web-game.sgf");
  await download.saveAs(sgfPath);
  // You played Black against the engine, today.
  const today = new Date();
  const date = [today.getFullYear(), today.getMonth() + 1, today.getDate()].map((n) => String(n).padStart(2, "0")).join("-");
  assert.match(fs.readFileSync(sgfPath, "utf8"), new RegExp(`PB\\[Human\\]PW\\[Rin\\]DT\\[${date}\\]`));
  const answers = gtp([`loadsgf ${sgfPath}`, "final_score", "gogui-rules_board"]);
  assert.equal(answers[0], "=", `the engine refused the downloaded SGF: ${answers[0]}`);
  const finalScore = answers[1].replace(/^= ?/, "");
  const expected = black > white ? `B+${black - white}` : white > black ? `W+${white - black}` : "0";
  assert.equal(finalScore, expected, `final_score ${finalScore} but the page shows ${black}-${white}`);
  assert.equal(result, finalScore, "the page's result differs from the engine's final_score");
  // The board replayed by the engine is the board on the page.
  const rows = answers[2].replace(/^= ?/, "").split("\n").map((row) => row.replace(/ /g, ""));
  const shown = await page.$$eval("#board rect.hit", (points) => points.map((p) => [p.dataset.vertex, p.dataset.state]));
  for (const [vertex, state] of shown) {
    const column = "ABCDEFGH".indexOf(vertex[0]), row = 8 - Number(vertex.slice(1));
    assert.equal(rows[row][column], {b: "X", w: "O", empty: "."}[state], `point ${vertex}`);
  }
  log(`game: ${black}-${white}, page ${result}, engine final_score ${finalScore}`);

  // Graphing the game fills in scores for positions the engine did not search.
  const dots = await page.locator("#graph circle.dot").count();
  await page.click("#graph-game");
  await page.waitForFunction((n) => document.querySelectorAll("#graph circle.dot").length >= n + 3, dots,
                             {timeout: 30000});
  await page.click("#graph-game");
  await page.waitForFunction(() => document.getElementById("graph-game").textContent === "Graph the game", null,
                             {timeout: 10000});
  const graphed = await page.locator("#graph circle.dot").count();
  log(`graph: ${dots} scores, then ${graphed}`);

  // A reload keeps the graph and the overlays shown, as well as the game.
  await page.check("#threats");
  await page.waitForFunction(() => app.threats !== null, null, {timeout: 30000});
  await page.reload();
  await page.waitForFunction((n) => document.querySelectorAll("#graph circle.dot").length === n, graphed,
                             {timeout: 10000});
  assert.equal(await page.isChecked("#threats"), true);
  assert.equal(await page.isChecked("#analyse"), false);
  await page.uncheck("#threats");

  // Browsing: the move list takes the board back.
  await page.click('#moves button[data-index="1"]');
  assert.equal(await page.locator('#board rect.hit[data-state="b"]').count(), 1);
  await page.click("#last");

  // A file the engine refuses: its reason is shown.
  await page.setInputFiles("#open-sgf", {name: "go.sgf", mimeType: "application/x-go-sgf",
                                         buffer: Buffer.from("(;GM[1]SZ[8];B[dd])")});
  await page.waitForFunction(() => /refused/.test(document.getElementById("notice-text").textContent), null,
                             {timeout: 10000});
  // Where the user looks: in the window, whatever its scroll.
  await inView(page, "#notice");
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await inView(page, "#notice");
  log(`refused file: ${await page.textContent("#notice-text")}`);
  await page.click("#notice-close");
  assert.equal(await page.isVisible("#notice"), false);
  // The downloaded game opens again.
  await page.setInputFiles("#open-sgf", sgfPath);
  await page.waitForFunction(() => /^Opened/.test(document.getElementById("notice-text").textContent), null,
                             {timeout: 10000});
  assert.equal(Number(await page.textContent("#count-black")), black);
  // A reload keeps the game.
  const stones = await page.locator("#moves button").count();
  await page.reload();
  await page.waitForFunction((n) => document.querySelectorAll("#moves button").length === n, stones,
                             {timeout: 10000});
  assert.equal(Number(await page.textContent("#count-white")), white);

  await testPauseAndResign(page);
  await testDraw(page);
  assert.deepEqual(errors, [], "errors on the page");
}

// The depth the analysis status line names; every depth it names is the
// best candidate's.
async function analysisDepth(page) {
  await page.waitForFunction(() => /at depth \d+, searching/.test(document.getElementById("analysis-status").textContent),
                             null, {timeout: 15000});
  const [status, best] = await page.evaluate(() => [document.getElementById("analysis-status").textContent,
                                                    app.analysis.candidates[0].depth]);
  const depths = [...status.matchAll(/depth (\d+)/g)].map((match) => Number(match[1]));
  assert.deepEqual(depths, [best], `the status line "${status}" names another depth than the best candidate's ${best}`);
  return best;
}

async function inView(page, selector) {
  const box = await page.locator(selector).boundingBox();
  const view = page.viewportSize();
  assert.ok(box && box.y >= 0 && box.y + box.height <= view.height && box.x >= 0 && box.x + box.width <= view.width,
            `${selector} is outside the window: ${JSON.stringify(box)}`);
}

async function testPauseAndResign(page) {
  // A paused game between engines says so.
  await page.selectOption("#mode", "engines");
  await page.click("#new-game");
  await page.waitForFunction(() => document.querySelectorAll("#moves button").length >= 2, null, {timeout: 30000});
  await page.click("#pause");
  await idle(page);
  assert.match(await page.textContent("#status"), /^Paused \(Continue goes on\): (Black|White) \(engine\) to play/);
  const stones = await page.locator("#moves button").count();
  await page.waitForTimeout(300);
  assert.equal(await page.locator("#moves button").count(), stones, "a paused game went on");
  // After a resignation the game is over: no undo.
  await page.selectOption("#mode", "black");
  await page.click("#new-game");
  await humanTurn(page);
  await page.locator('#board rect.hit[data-vertex="D5"]').click();
  await humanTurn(page);
  assert.equal(await page.isDisabled("#undo"), false);
  page.once("dialog", (dialog) => dialog.accept());
  await page.click("#resign");
  await page.waitForFunction(() => document.body.dataset.over === "true", null, {timeout: 10000});
  assert.match(await page.textContent("#status"), /^Black resigned: W\+R/);
  assert.equal(await page.isDisabled("#undo"), true, "undo is enabled after a resignation");
  log("pause and resignation: status and undo");
}

async function testDraw(page) {
  // A proven draw reads 0 (proven) in the candidates, and the graph keeps
  // its scale.
  await page.setInputFiles("#open-sgf", {name: "draw.sgf", mimeType: "application/x-go-sgf",
                                         buffer: Buffer.from(`(;GN[Rin]SZ[4]RP[${DRAW}])`)});
  await page.waitForFunction(() => /^Opened/.test(document.getElementById("notice-text").textContent), null,
                             {timeout: 10000});
  await page.check("#analyse");
  await page.waitForFunction(() => /done$/.test(document.getElementById("analysis-status").textContent), null,
                             {timeout: 15000});
  const items = await page.$$eval("#candidates li", (list) => list.map((item) => item.textContent));
  assert.deepEqual(items.map((item) => item.split(" ").slice(0, 2).join(" ")).sort(), ["A4 0!", "D1 0!"]);
  assert.deepEqual(await page.$$eval("#board g.candidate text", (list) => list.map((t) => t.textContent)), ["0!", "0!"]);
  assert.match(await page.textContent("#analysis-status"), /best (A4|D1), 0! stones at depth \d+ — done$/);
  assert.equal(await page.evaluate(() => formatScore(0, true)), "0!");
  assert.equal(await page.evaluate(() => formatScore(-0, true)), "0!");
  await page.uncheck("#analyse");
  for (const vertex of ["A4", "D1"]) {
    await page.locator(`#board rect.hit[data-vertex="${vertex}"]`).click();
    await idle(page);
  }
  await page.waitForFunction(() => document.body.dataset.over === "true", null, {timeout: 10000});
  assert.match(await page.textContent("#status"), /^Draw, 8–8/);
  const labels = await page.$$eval("#graph text.label", (list) => list.map((t) => t.textContent));
  assert.deepEqual(labels, ["B +2", "W +2"]);
  const dots = await page.$$eval("#graph circle.dot", (list) => list.map((d) => [d.getAttribute("class"), d.getAttribute("cy")]));
  const axis = await page.getAttribute("#graph line.axis", "y1");
  assert.ok(dots.length >= 2 && dots.every(([kind, y]) => kind === "dot exact" && Number(y) === Number(axis)),
            `the draw's scores are not 0, proven: ${JSON.stringify(dots)} (axis ${axis})`);
  log(`proven draw: ${items.join("; ")}; graph ${labels.join(" / ")}`);
}

async function testPhone(context, url) {
  const page = context.pages()[0] || await context.newPage();
  await page.goto(url);
  await page.waitForSelector('#board rect.hit[data-vertex="A1"]');
  await humanTurn(page);
  await page.locator('#board rect.hit[data-vertex="D5"]').tap();
  await page.waitForFunction(() => document.querySelectorAll("#moves button").length >= 3, null, {timeout: 30000});
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  assert.ok(overflow <= 0, `the page is ${overflow}px wider than a phone's screen`);
  const box = await page.locator("#board").boundingBox();
  assert.ok(box.width >= 300, `the board is only ${box.width}px wide on a phone`);
  await page.screenshot({path: path.join(outputDir, "rin-web-phone.png")});

  // 16x16 on a phone: no coordinates around the board; a tap names a point,
  // a second tap on it places the stone.
  await page.click('button[data-size="16"]');
  await humanTurn(page);
  assert.equal(await page.locator("#board text.coord").count(), 0, "coordinates too small to read");
  const point = await page.locator('#board rect.hit[data-vertex="H8"]').boundingBox();
  assert.ok(point.width >= 23, `16x16 points are ${point.width}px on a phone`);
  const before = await page.locator("#moves button").count();
  await page.locator('#board rect.hit[data-vertex="H8"]').tap();
  await page.waitForSelector("#point-note:not([hidden])");
  assert.match(await page.textContent("#point-note"), /^H8: tap it again to place Black's stone/);
  assert.equal(await page.textContent("#board .pick-text"), "H8");
  assert.equal(await page.locator("#moves button").count(), before, "the first tap placed a stone");
  await page.locator('#board rect.hit[data-vertex="J8"]').tap();
  assert.equal(await page.textContent("#board .pick-text"), "J8");
  await page.locator('#board rect.hit[data-vertex="J8"]').tap();
  await page.waitForFunction((n) => document.querySelectorAll("#moves button").length > n, before, {timeout: 30000});
  assert.equal(await page.getAttribute('#board rect.hit[data-vertex="J8"]', "data-state"), "b");
  assert.equal(await page.isVisible("#point-note"), false);
  await page.screenshot({path: path.join(outputDir, "rin-web-phone-16.png")});
  log(`phone 16x16: points ${point.width.toFixed(1)}px, tap names, second tap places`);
}

main().then((code) => process.exit(code), (error) => {
  log(`FAILED: ${error.stack || error}`);
  process.exit(1);
});
