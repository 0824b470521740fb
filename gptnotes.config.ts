import { defineConfig } from 'gptnotes'

/** 我的GPT笔记: the site's config. Every field is optional; the README lists the defaults. */
export default defineConfig({
  title: '我的GPT笔记',
  description: '面向国内读者的 AI 工具实用教程：ChatGPT、Claude、Cursor、Gemini、Perplexity 的注册与订阅，虚拟卡、海外手机号、邮箱、美区 Apple ID、镜像站与常见问题排查。',
  base: '/gpt/',
  head: [
    ['link', { rel: 'icon', type: 'image/svg+xml', href: '/gpt/favicon.svg' }],
    ['meta', { name: 'theme-color', content: '#1a73e8' }],
  ],
  locales: {
    '/': { lang: 'zh-CN', title: '我的GPT笔记' },
  },
  themeConfig: {
    author: '小林',
    // Sparks where readers click (off for readers who prefer reduced motion).
    clickEffect: { size: 2, shape: 'star' },
    // The mascot (看板娘) on every page, as the original site had: 小笺, the built-in character
    // (no licensed runtime), blue first with the sakura one a button away. Other sites keep the
    // default (off): an overlay on every page is each owner's choice.
    // The original plugin's messages are the defaults, so none are repeated here.
    mascot: { theme: ['builtin', 'builtin-sakura'] },
    // Widget A (Valine) and its visitor counter (阅读量). `gptnotes serve` runs the comment
    // service itself; `gptnotes build` leaves the box and the counter out (and warns
    // CommentsNoService) until `valineConfig.serverURLs` names a running `gptnotes proxy`.
    comments: {
      enabled: true,
      solution: 'valine',
      valineConfig: { placeholder: '有问题或补充？欢迎留言（昵称、邮箱、网址都可不填）', avatar: 'retro' },
    },
    nav: [
      { text: '首页', link: '/' },
      { text: 'ChatGPT 教程', link: '/handbook/how_to_sign_up_for_chatgpt.html' },
      { text: 'Claude 教程', link: '/handbook/how_to_sign_up_for_claude.html' },
      { text: '常见问题', link: '/handbook/chatshare_troubleshooting_guide.html' },
      { text: '系统公告', link: '/announcement.html' },
      {
        text: '作者博客',
        items: [
          { text: '博客园', link: 'https://www.cnblogs.com/' },
          { text: '掘金', link: 'https://juejin.cn/' },
        ],
      },
    ],
    sidebar: [
      { title: '欢迎', collapsable: false, children: [['/announcement.html', '系统公告'], ['/handbook/test.html', 'Markdown 功能演示']] },
      { title: '野卡虚拟卡', children: ['/handbook/wildcard.html'] },
      { title: 'AI 浏览器（搜索引擎）', children: ['/handbook/sign_up_to_upgrade_perplexity.html'] },
      {
        title: 'Google',
        children: ['/handbook/register_a_gmail_account.html', '/handbook/how_to_subscribe_to_gemini.html', '/handbook/gemini_news_5.7.html'],
      },
      { title: '海外手机号', children: ['/handbook/how_to_get_a_foreign_mobile_phone_number.html'] },
      { title: 'Claude', children: ['/handbook/how_to_sign_up_for_claude.html', '/handbook/how_to_subscribe_to_claude_pro.html'] },
      { title: 'ChatGPT', children: ['/handbook/how_to_sign_up_for_chatgpt.html', '/handbook/how_to_subscribe_to_chatgpt.html'] },
      { title: 'Cursor', children: ['/handbook/how_to_subscribe_to_cursor.html'] },
      {
        title: 'OnlyFans',
        children: [
          '/handbook/how_to_register_for%20onlyfans.html',
          '/handbook/how-to-use-onlyfans.html',
          '/handbook/how_to_find_onlyfans_creators.html',
          '/handbook/how_to_cancel_onlyfans_subscription.html',
          '/handbook/onlyfans_solution.html',
          '/handbook/onlyfans_troubleshooting_guide.html',
        ],
      },
      {
        title: '镜像站',
        children: [
          '/handbook/mirror_image.html',
          '/handbook/chatgpt-mirror-tutorial.html',
          '/handbook/chatshare-ai-mirror.html',
          '/handbook/chatshare_troubleshooting_guide.html',
        ],
      },
      { title: '美区 Apple ID', children: ['/handbook/registering_a_us_apple_id.html'] },
      { title: '工具推荐', children: ['/handbook/ai-prompt.html'] },
    ],
  },
})
