import { join } from 'node:path'
import { chromium } from 'playwright-core'
import { serveDist } from './static-host.mjs'
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] })
const hosts = await Promise.all(process.argv.slice(2).map((s) => serveDist(join(s, 'dist'))))
const res = hosts.map(() => [])
for (let round = 0; round < 6; round++) {
  for (const [i, host] of hosts.entries()) {
    const ctx = await browser.newContext()
    const page = await ctx.newPage()
    const cdp = await ctx.newCDPSession(page)
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 })
    await page.addInitScript(() => { window.__lt = []; new PerformanceObserver((l) => { for (const e of l.getEntries()) window.__lt.push(e.duration) }).observe({ type: 'longtask', buffered: true }) })
    await page.goto(host.url + 'handbook/setup-0002.html')
    await page.waitForFunction(() => !!history.state?.key)
    await page.waitForTimeout(1500)
    const lt = await page.evaluate(() => window.__lt)
    res[i].push([Math.round(lt.reduce((a, d) => a + Math.max(0, d - 50), 0)), Math.round(Math.max(0, ...lt))])
    await ctx.close()
  }
}
for (const [i, r] of res.entries()) console.log(process.argv[2 + i], r.map((x) => x.join('/')).join('  '))
await browser.close(); for (const h of hosts) await h.close()
