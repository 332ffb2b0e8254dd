// The message box: the bot's registered slash commands, their options, choices and autocomplete.
"use strict";

const OPTION = { SUB: 1, GROUP: 2, STRING: 3, INTEGER: 4, BOOLEAN: 5, USER: 6, CHANNEL: 7, ROLE: 8, MENTIONABLE: 9, NUMBER: 10 };

function commandLeaves(commands) {
  // "cmd", "cmd sub" and "cmd group sub", each with its own options.
  const leaves = [];
  const walk = (path, node) => {
    const subs = (node.options || []).filter((o) => o.type === OPTION.SUB || o.type === OPTION.GROUP);
    if (!subs.length) leaves.push({ path, description: node.description || "", options: node.options || [] });
    for (const sub of subs) walk(`${path} ${sub.name}`, sub);
  };
  for (const cmd of commands) walk(cmd.name, cmd);
  return leaves;
}

class Composer {
  constructor(app) {
    this.app = app;
    this.box = document.getElementById("box");
    this.list = document.getElementById("suggestions");
    this.fields = document.getElementById("options");
    this.leaves = [];
    this.leaf = null;
    this.items = [];
    this.active = -1;
    this.box.addEventListener("input", () => this.update());
    this.box.addEventListener("keydown", (e) => this.key(e));
    document.getElementById("composer").addEventListener("submit", (e) => { e.preventDefault(); this.send(); });
  }

  setCommands(commands) {
    this.leaves = commandLeaves(commands);
    this.update();
  }

  reset() {
    this.box.value = "";
    this.leaf = null;
    this.fields.replaceChildren();
    this.hideList();
  }

  // --- the command path ------------------------------------------------------------------
  matchedLeaf(text) {
    const body = text.replace(/^\//, "");
    let best = null;
    for (const leaf of this.leaves) {
      if ((body === leaf.path || body.startsWith(`${leaf.path} `)) && (!best || leaf.path.length > best.path.length)) best = leaf;
    }
    return best;
  }

  update() {
    const text = this.box.value;
    if (!text.startsWith("/")) { this.setLeaf(null); this.hideList(); return; }
    const leaf = this.matchedLeaf(text);
    this.setLeaf(leaf);
    if (leaf) { this.hideList(); return; }
    const typed = text.slice(1).trim().toLowerCase();
    const found = this.leaves.filter((l) => l.path.startsWith(typed) || l.path.split(" ").some((w) => w.startsWith(typed)));
    this.showList(found.map((l) => ({ name: `/${l.path}`, desc: l.description, pick: () => this.pickLeaf(l) })));
  }

  pickLeaf(leaf) {
    this.box.value = `/${leaf.path} `;
    this.update();
    this.box.focus();
  }

  setLeaf(leaf) {
    if (leaf === this.leaf) return;
    this.leaf = leaf;
    this.fields.replaceChildren(...(leaf ? leaf.options.map((opt) => this.field(opt)) : []));
  }

  // --- options ---------------------------------------------------------------------------
  field(opt) {
    const label = el("label", { title: opt.description || "", "data-option": opt.name },
      opt.name, opt.required ? el("span", { class: "req" }, "*") : null);
    let input;
    const pickFrom = (values) => {
      const select = el("select", {}, el("option", { value: "" }, opt.required ? "choose…" : "—"));
      for (const [value, text] of values) select.append(el("option", { value }, text));
      return select;
    };
    if (opt.choices && opt.choices.length) {
      input = pickFrom(opt.choices.map((c) => [c.name, c.name]));
    } else if (opt.type === OPTION.BOOLEAN) {
      input = pickFrom([["true", "True"], ["false", "False"]]);
    } else if (opt.type === OPTION.USER || opt.type === OPTION.MENTIONABLE) {
      input = pickFrom(this.app.world.members.map((m) => [m.id, m.name]));
    } else if (opt.type === OPTION.CHANNEL) {
      input = pickFrom(this.app.world.channels.map((c) => [c.id, `#${c.name}`]));
    } else {
      const numeric = opt.type === OPTION.INTEGER || opt.type === OPTION.NUMBER;
      input = el("input", { type: numeric && !opt.autocomplete ? "number" : "text", placeholder: opt.description || "" });
      if (opt.autocomplete) {
        input.addEventListener("input", () => { delete input.dataset.value; this.suggest(opt, input); });
        input.addEventListener("focus", () => this.suggest(opt, input));
        input.addEventListener("blur", () => this.hideList());
        input.addEventListener("keydown", (e) => this.key(e));
      }
    }
    input.name = opt.name;
    if (!opt.autocomplete) input.addEventListener("keydown", (e) => this.key(e));
    label.append(input);
    return label;
  }

  values() {
    const values = {};
    for (const input of this.fields.querySelectorAll("input, select")) {
      const value = input.dataset.value !== undefined ? input.dataset.value : input.value;
      if (value !== "") values[input.name] = value;
    }
    // Also "name:value" typed after the command, as in Discord's box.
    const rest = this.box.value.replace(/^\//, "").slice(this.leaf.path.length);
    const names = this.leaf.options.map((o) => o.name).join("|");
    if (names) {
      const re = new RegExp(`(?:^|\\s)(${names}):(.*?)(?=\\s(?:${names}):|$)`, "g");
      for (const m of rest.matchAll(re)) if (m[2].trim()) values[m[1]] = m[2].trim();
    }
    return values;
  }

  async suggest(opt, input) {
    const asked = input.value;
    const others = this.values();
    delete others[opt.name];
    const answer = await this.app.post("autocomplete", {
      channel: this.app.channel, command: this.leaf.path, options: others, focused: opt.name, value: asked,
    });
    if (input.value !== asked || document.activeElement !== input) return;
    const choices = (answer && answer.choices) || [];
    this.showList(choices.map((c) => ({ name: c.name, desc: "", pick: () => {
      input.value = c.name;
      input.dataset.value = String(c.value);
      this.hideList();
    } })));
  }

  // --- the suggestion list ---------------------------------------------------------------
  showList(items) {
    this.items = items;
    this.active = items.length ? 0 : -1;
    this.list.replaceChildren(...items.map((item, i) => el("li", { class: i === 0 ? "active" : "", onmousedown: (e) => { e.preventDefault(); item.pick(); } },
      el("span", { class: "name" }, item.name), item.desc ? el("span", { class: "desc" }, item.desc) : null)));
    this.list.hidden = !items.length;
  }

  hideList() {
    this.items = [];
    this.active = -1;
    this.list.hidden = true;
  }

  key(e) {
    const picking = !this.list.hidden && this.items.length;
    if (e.key === "Enter" && !(picking && (e.target !== this.box || !this.leaf))) {
      e.preventDefault();  // a form with several fields does not submit on Enter by itself
      this.send();
      return;
    }
    if (!picking) return;
    if (e.key === "ArrowDown" || e.key === "ArrowUp") {
      e.preventDefault();
      this.active = (this.active + (e.key === "ArrowDown" ? 1 : -1) + this.items.length) % this.items.length;
      [...this.list.children].forEach((li, i) => li.classList.toggle("active", i === this.active));
      this.list.children[this.active].scrollIntoView({ block: "nearest" });
    } else if (e.key === "Tab" || (e.key === "Enter" && (e.target !== this.box || !this.leaf))) {
      e.preventDefault();
      this.items[this.active].pick();
    } else if (e.key === "Escape") {
      this.hideList();
    }
  }

  // --- sending ---------------------------------------------------------------------------
  async send() {
    if (!this.box.value.trim() && !this.leaf) return;
    if (!this.leaf) {
      const text = this.box.value;
      this.app.showError(!text.startsWith("/") ? "The bot reads slash commands only: type / to see them."
        : this.leaves.length ? "No such command: pick one from the list."
        : "No commands here: the bot's commands work in its servers, or where you installed it to your account.");
      return;
    }
    const answer = await this.app.post("command", { channel: this.app.channel, command: this.leaf.path, options: this.values() });
    if (answer && answer.ok) this.reset();
  }
}
