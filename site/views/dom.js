// Small pieces of page furniture: element building, modal dialogs, the message
// line and copying to the clipboard.

/** h("button", {id: "x", onclick: f}, "text", child) */
export function h(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === null || v === undefined || v === false) continue;
    if (k.startsWith("on")) node.addEventListener(k.slice(2), v);
    else if (k === "class") node.className = v;
    else if (k === "dataset") Object.assign(node.dataset, v);
    else if (k === "html") node.innerHTML = v;
    else node.setAttribute(k, v === true ? "" : v);
  }
  for (const child of children.flat()) {
    if (child !== null && child !== undefined && child !== false) node.append(child);
  }
  return node;
}

/**
 * A modal dialog, removed from the page when closed.
 * actions: [{label, id, primary, onClick}]; onClick may return false (or a
 * promise of false) to keep the dialog open.
 */
export function openDialog({ id, title, body, actions = [], onClose }) {
  document.getElementById(id)?.close();
  const heading = h("h2", { id: `${id}-title` }, title);
  const close = h("button", { type: "button", class: "icon-button dialog-close", "aria-label": "Close" }, "✕");
  const buttons = actions.map((action) => h("button", {
    type: "button",
    id: action.id,
    class: action.primary ? "primary" : action.danger ? "danger" : "",
    onclick: async () => {
      if ((await action.onClick?.()) !== false) dialog.close();
    },
  }, action.label));
  const content = h("div", { class: "dialog-body" }, body);
  const dialog = h("dialog", { id, class: "dialog", "aria-labelledby": heading.id },
    h("div", { class: "dialog-head" }, heading, close),
    content,
    buttons.length ? h("div", { class: "dialog-actions" }, buttons) : null);
  close.addEventListener("click", () => dialog.close());
  dialog.addEventListener("click", (event) => {
    if (event.target === dialog) dialog.close(); // a tap on the backdrop
  });
  dialog.addEventListener("close", () => {
    dialog.remove();
    onClose?.();
  });
  document.body.append(dialog);
  dialog.showModal();
  scrollsByKeyboard(content);
  return dialog;
}

/**
 * A dialog's body taller than the screen scrolls: it is then a Tab stop of its own
 * (labelled by the dialog's title), so that the arrow and page keys scroll it
 * even when it holds nothing else to focus (the rules). It follows its content.
 */
function scrollsByKeyboard(content) {
  const update = () => {
    const scrolls = content.scrollHeight > content.clientHeight + 1;
    if (scrolls === (content.tabIndex === 0)) return;
    if (scrolls) {
      content.tabIndex = 0;
      content.setAttribute("role", "region");
      content.setAttribute("aria-labelledby", content.previousElementSibling.querySelector("h2").id);
    } else {
      for (const name of ["tabindex", "role", "aria-labelledby"]) content.removeAttribute(name);
    }
  };
  const watch = new ResizeObserver(update);
  watch.observe(content);
  for (const child of content.children) watch.observe(child);
  update();
}

/** Ask a yes/no question; resolves true if confirmed. */
export function confirmDialog({ title, text, confirm, danger = true }) {
  return new Promise((resolve) => {
    let answer = false;
    openDialog({
      id: "confirm-dialog",
      title,
      body: h("p", {}, text),
      actions: [
        { label: "Cancel", id: "confirm-cancel" },
        { label: confirm, id: "confirm-ok", primary: !danger, danger, onClick: () => { answer = true; } },
      ],
      onClose: () => resolve(answer),
    });
  });
}

let messageTimer = 0;

/**
 * Show a message in #message. Errors stay until dismissed, and an error shown
 * while another is still up is added below it; notes fade after a while.
 */
export function showMessage(text, { error = true } = {}) {
  const box = document.getElementById("message");
  const lines = box.querySelector(".message-text");
  const line = h("span", { class: "message-line" }, text);
  if (error && !box.hidden && box.classList.contains("error")) lines.append(line);
  else lines.replaceChildren(line);
  while (lines.children.length > 3) lines.firstElementChild.remove();
  box.classList.toggle("error", error);
  box.hidden = false;
  makeRoomFor(box);
  clearTimeout(messageTimer);
  if (!error) messageTimer = setTimeout(hideMessage, 5000);
}

export function hideMessage() {
  clearTimeout(messageTimer);
  document.getElementById("message").hidden = true;
  makeRoomFor(null);
}

/**
 * The message floats over the foot of the screen: while it is up, the page (and a side column
 * that scrolls on its own) gets that much room more at its end, so that whatever it covers, a
 * button included, can be scrolled above it.
 */
function makeRoomFor(box) {
  const room = box ? box.offsetHeight + 16 : 0;
  document.body.classList.toggle("message-shown", room > 0);
  document.body.style.setProperty("--message-room", `${room}px`);
}

/** Copy text; if the clipboard refuses, select it in `field` so the player can copy it. */
export async function copyText(text, field) {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    if (field) {
      field.focus();
      field.select();
    }
    return false;
  }
}

/** A button that copies `getText()` (selecting `field` where the clipboard is closed) and says so in `status`. */
export function copyButton(id, label, getText, field, status, copied = null) {
  return h("button", {
    type: "button", id, onclick: async () => {
      const ok = await copyText(getText(), field);
      status.textContent = ok ? "Copied." : "The clipboard is not available: the text is selected, copy it with Ctrl+C or your menu.";
      copied?.();
    },
  }, label);
}
