// One message as Discord draws it: author, markdown content, embeds, images, components
// (action rows, and the layout components of a components v2 message).
"use strict";

function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (key === "html") node.innerHTML = value;
    else if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else if (value !== undefined && value !== null && value !== false) node.setAttribute(key, value);
  }
  for (const child of children) if (child) node.append(child);
  return node;
}

function isImage(att) {
  return (att.content_type || "").startsWith("image/") || /\.(png|jpe?g|gif|webp)$/i.test(att.filename);
}

function embedImage(url, msg, cls) {
  // An embed may show one of the message's files as "attachment://name.png"; its description
  // is the image's alt text, as Discord reads it out.
  if (!url) return null;
  if (url.startsWith("attachment://")) {
    const att = msg.attachments.find((a) => a.filename === url.slice(13));
    const alt = (att && att.description) || "";
    return att ? el("img", { class: cls, src: att.url, alt, title: alt }) : null;
  }
  return url.startsWith("/") || url.startsWith("http://127.0.0.1") ? el("img", { class: cls, src: url, alt: "" }) : null;
}

function renderEmbed(embed, msg, names) {
  const box = el("div", { class: "embed" });
  if (embed.color) box.style.borderLeftColor = `#${embed.color.toString(16).padStart(6, "0")}`;
  const thumb = embedImage(embed.thumbnail && embed.thumbnail.url, msg, "e-thumb");
  if (thumb) box.append(thumb);
  if (embed.author && embed.author.name) box.append(el("div", { class: "e-author" }, embed.author.name));
  if (embed.title) box.append(el("div", { class: "e-title", html: markdownInline(embed.title, names) }));
  if (embed.description) box.append(el("div", { class: "content", html: markdown(embed.description, names) }));
  if (embed.fields && embed.fields.length) {
    const grid = el("div", { class: "fields" });
    for (const field of embed.fields) {
      grid.append(el("div", { class: field.inline ? "field inline" : "field" },
        el("div", { class: "f-name", html: markdownInline(field.name, names) }),
        el("div", { class: "content", html: markdown(field.value, names) })));
    }
    box.append(grid);
  }
  const image = embedImage(embed.image && embed.image.url, msg, "e-image");
  if (image) box.append(image);
  if (embed.footer && embed.footer.text) box.append(el("div", { class: "e-footer" }, embed.footer.text));
  return box;
}

function renderButton(comp, msg, ctx) {
  const label = [(comp.emoji && comp.emoji.name) || "", comp.label || ""].join(" ").trim();
  const attrs = { class: `style-${comp.style || 2}`, disabled: Boolean(comp.disabled),
    "data-custom-id": comp.custom_id, type: "button" };
  if (comp.style === 5 && comp.url) {
    attrs.onclick = () => window.open(comp.url, "_blank", "noopener");
  } else if (comp.custom_id) {
    attrs.onclick = () => ctx.click(msg, comp.custom_id);
  }
  return el("button", attrs, label || "\u200b");
}

function renderSelect(comp, msg, ctx) {
  const many = (comp.max_values || 1) > 1;
  const select = el("select", { "data-custom-id": comp.custom_id, disabled: Boolean(comp.disabled),
    multiple: many, title: comp.placeholder || "" });
  if (!many) select.append(el("option", { value: "", disabled: true, selected: true }, comp.placeholder || "Make a selection"));
  for (const opt of comp.options || []) {
    const text = [(opt.emoji && opt.emoji.name) || "", opt.label].join(" ").trim();
    select.append(el("option", { value: opt.value, title: opt.description || "" },
      opt.description ? `${text} — ${opt.description}` : text));
  }
  if (!many) {
    select.addEventListener("change", () => ctx.select(msg, comp.custom_id, [select.value]));
    return select;
  }
  const done = el("button", { class: "style-1", type: "button", disabled: Boolean(comp.disabled),
    onclick: () => ctx.select(msg, comp.custom_id, [...select.selectedOptions].map((o) => o.value)) }, "Choose");
  return el("span", {}, select, done);
}

function mediaImage(media, description, msg, cls) {
  // A v2 media item: an uploaded file (the emulator filled in its attachment_id) or a web
  // address; the description is the image's alt text, as Discord reads it out.
  if (!media) return null;
  const att = msg.attachments.find((a) => a.id === media.attachment_id);
  const alt = description || "";
  if (att) return el("img", { class: cls, src: att.url, alt, title: alt });
  return embedImage(media.url, msg, cls);
}

function renderV2(comp, msg, ctx) {
  // Components v2 (IS_COMPONENTS_V2): containers, sections, text, media, files, separators.
  if (comp.type === 17) {
    const box = el("div", { class: "container" }, renderComponents(comp.components, msg, ctx));
    if (comp.accent_color !== null && comp.accent_color !== undefined) {
      box.classList.add("accent");
      box.style.borderLeftColor = `#${comp.accent_color.toString(16).padStart(6, "0")}`;
    }
    return box;
  }
  if (comp.type === 9) {
    const side = comp.accessory || {};
    const accessory = side.type === 2 ? renderButton(side, msg, ctx)
      : mediaImage(side.media, side.description, msg, "thumb");
    return el("div", { class: "section" }, renderComponents(comp.components, msg, ctx),
      el("div", { class: "accessory row" }, accessory));
  }
  if (comp.type === 10) return el("div", { class: "content", html: markdown(comp.content, ctx.names) });
  if (comp.type === 11) return mediaImage(comp.media, comp.description, msg, "thumb");
  if (comp.type === 12) {
    return el("div", { class: "gallery" },
      ...(comp.items || []).map((item) => mediaImage(item.media, item.description, msg, "g-image")));
  }
  if (comp.type === 13) {
    const file = comp.file || {};
    const att = msg.attachments.find((a) => a.id === file.attachment_id);
    const name = comp.name || (att && att.filename) || "file";
    return el("div", { class: "file" }, el("a", { href: att ? att.url : undefined, download: name }, name));
  }
  if (comp.type === 14) {
    const cls = `separator space-${comp.spacing || 1}`;
    return comp.divider === false ? el("div", { class: cls }) : el("hr", { class: cls });
  }
  return null;
}

function renderComponents(components, msg, ctx) {
  const box = el("div", {});
  for (const comp of components || []) {
    if (comp.type === 1) {
      const row = el("div", { class: "row" });
      for (const inner of comp.components || []) {
        if (inner.type === 2) row.append(renderButton(inner, msg, ctx));
        else if ([3, 5, 6, 7, 8].includes(inner.type)) row.append(renderSelect(inner, msg, ctx));
      }
      box.append(row);
    } else {
      box.append(renderV2(comp, msg, ctx) || "");
    }
  }
  return box;
}

function renderMessage(msg, ctx) {
  const node = el("article", { class: msg.ephemeral ? "message ephemeral" : "message", "data-id": msg.id });
  const when = new Date(msg.timestamp).toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" });
  node.append(el("div", { class: "head" },
    el("span", { class: "author" }, msg.author.name),
    msg.author.bot ? el("span", { class: "tag" }, "APP") : null,
    el("span", { class: "time" }, when),
    msg.edited ? el("span", { class: "edited" }, "(edited)") : null));
  if (msg.loading) node.append(el("div", { class: "loading" }, `${msg.author.name} is thinking…`));
  if (msg.content) node.append(el("div", { class: "content", html: markdown(msg.content, ctx.names) }));
  const inEmbeds = new Set();
  for (const embed of msg.embeds || []) {
    for (const key of ["image", "thumbnail"]) {
      const url = embed[key] && embed[key].url;
      if (url && url.startsWith("attachment://")) inEmbeds.add(url.slice(13));
    }
    node.append(renderEmbed(embed, msg, ctx.names));
  }
  for (const att of msg.attachments) {
    // With components v2 a file shows only where a component points at it.
    if (inEmbeds.has(att.filename) || msg.components_v2) continue;
    node.append(el("div", { class: "attachment" }, isImage(att)
      ? el("img", { src: att.url, alt: att.description || att.filename, title: att.description || "" })
      : el("a", { href: att.url, download: att.filename }, att.filename)));
  }
  node.append(renderComponents(msg.components, msg, ctx));
  if (msg.ephemeral) {
    node.append(el("div", { class: "only-you" }, "👁 Only you can see this · ",
      el("a", { onclick: () => ctx.dismiss(msg) }, "Dismiss message")));
  }
  return node;
}
