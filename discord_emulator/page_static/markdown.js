// Discord's markdown, the parts bots use: headings, -# subtext, quotes, lists, bold, italics,
// underline, strike, spoilers, inline and block code, masked links, mentions, timestamps and
// backslash escapes.
"use strict";

function escapeHtml(text) {
  return String(text).replace(/[&<>"']/g, (c) => (
    { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" }[c]));
}

function markdownInline(text, names) {
  // An escape (a backslash before punctuation) and inline code show as typed: both are set
  // aside first, left to right as Discord reads them, so no later rule sees their characters.
  const kept = [];
  let html = escapeHtml(String(text).replace(/\\([^0-9A-Za-z\s])|`([^`]+)`/g, (_, escaped, code) => {
    kept.push(code === undefined ? escapeHtml(escaped) : `<code>${escapeHtml(code)}</code>`);
    return `\u0000${kept.length - 1}\u0000`;
  }));
  html = html
    .replace(/\*\*(.+?)\*\*/g, "<strong>$1</strong>")
    .replace(/__(.+?)__/g, "<u>$1</u>")
    .replace(/(^|[^\w*])\*(?!\s)(.+?)\*(?!\w)/g, "$1<em>$2</em>")
    .replace(/(^|[^\w])_(?!\s)(.+?)_(?!\w)/g, "$1<em>$2</em>")
    .replace(/~~(.+?)~~/g, "<s>$1</s>")
    .replace(/\|\|(.+?)\|\|/g, '<span class="spoiler">$1</span>')
    .replace(/\[([^\]]+)\]\((https?:\/\/[^)\s]+)\)/g,
      '<a href="$2" target="_blank" rel="noopener noreferrer">$1</a>')
    .replace(/&lt;@[!&]?(\d+)&gt;/g, (_, id) => `<span class="mention">@${escapeHtml(names.user(id))}</span>`)
    .replace(/&lt;#(\d+)&gt;/g, (_, id) =>
      `<span class="mention" data-link="${id}">#${escapeHtml(names.channel(id))}</span>`)
    .replace(/&lt;t:(\d+)(?::\w)?&gt;/g, (_, s) => new Date(Number(s) * 1000).toLocaleString());
  return html.replace(/\u0000(\d+)\u0000/g, (_, i) => kept[Number(i)]);
}

function markdown(text, names) {
  const out = [];
  const parts = String(text || "").split(/```(?:\w*\n)?([\s\S]*?)```/);
  parts.forEach((part, index) => {
    if (index % 2 === 1) {
      out.push(`<pre><code>${escapeHtml(part)}</code></pre>`);
      return;
    }
    const lines = part.split("\n");
    lines.forEach((line, i) => {
      let m;
      if ((m = line.match(/^(#{1,3}) (.*)$/))) {
        out.push(`<h${m[1].length} class="block">${markdownInline(m[2], names)}</h${m[1].length}>`);
      } else if ((m = line.match(/^-# (.*)$/))) {
        out.push(`<span class="block sub">${markdownInline(m[1], names)}</span>`);
      } else if ((m = line.match(/^> (.*)$/))) {
        out.push(`<blockquote class="block">${markdownInline(m[1], names)}</blockquote>`);
      } else {
        const bullet = line.match(/^(\s*)[-*] (.*)$/);
        const body = bullet ? `${bullet[1]}• ${bullet[2]}` : line;
        out.push(markdownInline(body, names) + (i < lines.length - 1 ? "<br>" : ""));
      }
    });
  });
  return out.join("");
}
