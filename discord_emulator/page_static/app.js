// The playground page: pick a member, read channels and DMs as they would, act as them.
"use strict";

const POLL_MS = 500;

class App {
  constructor() {
    this.world = null;
    this.member = null;
    this.channel = null;
    this.threads = [];  // the active threads the member sees, from the feed
    this.threadsShown = "";
    this.lastFeed = "";
    this.dismissed = new Set();
    this.composer = new Composer(this);
    this.messages = document.getElementById("messages");
    // Like Discord, stay on the newest message unless the member scrolled up to read.
    this.stick = true;
    this.messages.addEventListener("scroll", () => { this.stick = this.nearBottom(); });
    // A channel mention (the bot's "— in #thread") opens that channel or thread, as in Discord.
    this.messages.addEventListener("click", (e) => {
      const link = e.target.closest(".mention[data-link]");
      if (link && this.known(link.dataset.link)) this.setChannel(link.dataset.link);
    });
  }

  nearBottom() {
    const box = this.messages;
    return box.scrollHeight - box.scrollTop - box.clientHeight < 40;
  }

  toBottom() {
    if (this.stick) this.messages.scrollTop = this.messages.scrollHeight;
  }

  async start() {
    this.world = await (await fetch("/play/api/world")).json();
    document.getElementById("guild-name").textContent = this.world.guild ? this.world.guild.name : "no server";
    const picker = document.getElementById("member");
    for (const m of this.world.members) picker.append(el("option", { value: m.id }, m.name));
    const asked = new URLSearchParams(location.search).get("member");
    const byName = this.world.members.find((m) => m.name === asked);
    picker.value = (byName && byName.id) || sessionStorage.getItem("member") || this.world.members[0].id;
    picker.addEventListener("change", () => this.setMember(picker.value));
    const channels = document.getElementById("channels");
    for (const c of this.world.channels) {
      channels.append(el("li", { class: "channel", "data-channel": c.id, onclick: () => this.setChannel(c.id) }, c.name));
    }
    this.setMember(picker.value);
    this.poll();
  }

  setMember(id) {
    // Each tab plays as its own member: the choice lives in this tab only.
    this.member = id;
    sessionStorage.setItem("member", id);
    this.dismissed.clear();
    this.showDms([]);  // never show the previous member's DMs or threads, not even for a moment
    this.showThreads([]);
    this.messages.replaceChildren();
    this.setChannel(this.world.channels[0].id);
  }

  async setChannel(id) {
    this.channel = id;
    this.lastFeed = "";
    this.stick = true;
    // Never show the previous channel's messages under the new title while its feed loads;
    // data-channel names the channel whose messages are shown (the page's tests wait for it).
    this.messages.replaceChildren();
    delete this.messages.dataset.channel;
    this.composer.reset();
    for (const li of document.querySelectorAll("#sidebar li[data-channel]")) {
      li.classList.toggle("active", li.dataset.channel === id);
    }
    const chan = this.world.channels.find((c) => c.id === id);
    const thread = this.threads.find((t) => t.id === id);
    const parent = thread && this.world.channels.find((c) => c.id === thread.parent);
    const title = document.getElementById("channel-title");
    if (thread) title.replaceChildren(`# ${parent ? parent.name : "unknown"} › ${thread.name}`);
    else title.replaceChildren(chan ? `# ${chan.name}` : `@ ${this.dmName(id)}`,
      ...(chan && chan.topic ? [el("span", { class: "topic" }, chan.topic)] : []));
    const query = new URLSearchParams({ member: this.member, channel: id });
    const answer = await fetch(`/play/api/commands?${query}`);
    this.composer.setCommands(answer.ok ? await answer.json() : []);
    await this.refresh();
  }

  // --- reading ---------------------------------------------------------------------------
  async poll() {
    try {
      await this.refresh();
    } catch (e) {
      console.warn("poll failed", e);
    }
    setTimeout(() => this.poll(), POLL_MS);
  }

  async refresh() {
    const member = this.member;
    const channel = this.channel;
    const answer = await fetch(`/play/api/feed?${new URLSearchParams({ member, channel })}`);
    if (!answer.ok || member !== this.member || channel !== this.channel) return;
    const text = await answer.text();
    if (text === this.lastFeed) return;
    this.lastFeed = text;
    const feed = JSON.parse(text);
    this.showDms(feed.dms);
    this.showThreads(feed.threads);
    this.showMessages(feed.messages);
    this.messages.dataset.channel = channel;
  }

  showDms(dms) {
    const list = document.getElementById("dms");
    const items = dms.map((d) => el("li", { "data-channel": d.id, class: d.id === this.channel ? "active" : "",
      onclick: () => this.setChannel(d.id) }, d.name));
    list.replaceChildren(...(items.length ? items : [el("li", { class: "none" }, "none yet")]));
  }

  dmName(id) {
    // The DM list names the bot's DM and each group DM (its name, else its other members).
    const item = document.querySelector(`#dms li[data-channel="${id}"]`);
    return item ? item.textContent : this.world.bot.name;
  }

  showThreads(threads) {
    // Each under its channel, like Discord; redrawn only when the list changed, so a click on
    // the sidebar never lands on an item being replaced.
    const shown = JSON.stringify(threads);
    if (shown === this.threadsShown) return;
    this.threadsShown = shown;
    this.threads = threads;
    for (const li of document.querySelectorAll("#channels li.thread")) li.remove();
    for (const li of document.querySelectorAll("#channels li.channel")) {
      li.after(...threads.filter((t) => t.parent === li.dataset.channel).map((t) => el("li", {
        class: t.id === this.channel ? "thread active" : "thread", "data-channel": t.id,
        "data-parent": t.parent, onclick: () => this.setChannel(t.id) }, t.name)));
    }
  }

  known(id) {
    return this.world.channels.some((c) => c.id === id) || this.threads.some((t) => t.id === id)
      || document.querySelector(`#dms li[data-channel="${id}"]`) !== null;
  }

  showMessages(messages) {
    const box = this.messages;
    const ctx = {
      names: this.names(),
      click: (msg, customId) => this.act("click", { message: msg.id, custom_id: customId }),
      select: (msg, customId, values) => this.act("select", { message: msg.id, custom_id: customId, values }),
      dismiss: (msg) => { this.dismissed.add(msg.id); this.lastFeed = ""; this.refresh(); },
    };
    box.replaceChildren(...messages.filter((m) => !this.dismissed.has(m.id)).map((m) => renderMessage(m, ctx)));
    // Images grow the list as they load: keep the newest message in sight meanwhile.
    for (const img of box.querySelectorAll("img")) img.addEventListener("load", () => this.toBottom());
    this.toBottom();
  }

  names() {
    const users = new Map(this.world.members.map((m) => [m.id, m.name]));
    users.set(this.world.bot.id, this.world.bot.name);
    const channels = new Map([...this.world.channels, ...this.threads].map((c) => [c.id, c.name]));
    return { user: (id) => users.get(id) || "unknown", channel: (id) => channels.get(id) || "unknown" };
  }

  // --- acting ----------------------------------------------------------------------------
  async post(action, body) {
    const answer = await fetch(`/play/api/${action}`, {
      method: "POST", headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ member: this.member, ...body }),
    });
    let data = null;
    try { data = await answer.json(); } catch (e) { data = { ok: false, error: await answer.text() }; }
    if (!answer.ok || (data && data.ok === false)) this.showError((data && data.error) || answer.statusText);
    else this.showError("");
    if (data && data.modal) this.openModal(data);
    this.lastFeed = "";
    this.refresh();
    return data;
  }

  act(action, body) {
    return this.post(action, body);
  }

  showError(text) {
    const box = document.getElementById("error");
    box.textContent = text;
    box.hidden = !text;
  }

  openModal(answer) {
    const modal = answer.modal;
    const inputs = [];
    const walk = (comps, label) => {
      for (const c of comps || []) {
        if (c.type === 1) walk(c.components, null);
        else if (c.type === 18) walk([c.component], c);
        else if (c.type === 4) {
          const attrs = { name: c.custom_id, placeholder: c.placeholder || "", required: c.required !== false,
            minlength: c.min_length, maxlength: c.max_length };
          const input = c.style === 2 ? el("textarea", attrs) : el("input", attrs);
          input.value = c.value || "";
          inputs.push(el("label", {}, (label && label.label) || c.label || c.custom_id), input);
        }
      }
    };
    walk(modal.components, null);
    const root = document.getElementById("modal");
    const form = el("form", {}, el("h3", {}, modal.title || ""), ...inputs,
      el("div", { class: "buttons" },
        el("button", { type: "button", class: "cancel", onclick: () => { root.hidden = true; } }, "Cancel"),
        el("button", { type: "submit" }, "Submit")));
    form.addEventListener("submit", async (e) => {
      e.preventDefault();
      const values = Object.fromEntries([...form.querySelectorAll("[name]")].map((i) => [i.name, i.value]));
      root.hidden = true;
      await this.post("modal", { interaction: answer.interaction, values });
    });
    root.replaceChildren(form);
    root.hidden = false;
  }
}

new App().start();
