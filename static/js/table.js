// What every game's table (a TV) says to its room: it watches, as the room's host when this
// browser holds the room's host token (the landing page keeps it for the room it created), and
// sends the host's controls, saying so when it cannot.
import { t } from "./i18n.js";
import { hostToken } from "./store.js";
import { toast } from "./ui/feedback.js";

/** The handshake of a table: `watch`, with the host token if this browser holds it. */
export function watchHello(code) {
  const msg = { type: "watch" };
  const token = hostToken.get(code);
  if (token) msg.host_token = token;
  return msg;
}

/** A sender over the connection `conn()` returns: a toast when the message cannot go. */
export function sender(conn) {
  return (msg) => {
    const c = conn();
    if (!c || c.send(msg) === null) toast(t("conn.reconnecting"), "error");
  };
}
