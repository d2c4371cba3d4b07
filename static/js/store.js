// localStorage, per room: the seat token (to resume a seat) and the host token.
const safe = (fn, fallback = null) => {
  try {
    return fn();
  } catch {
    return fallback;
  }
};

export const seatToken = {
  get: (code) => safe(() => localStorage.getItem(`pc.seat.${code}`)),
  set: (code, token) => safe(() => localStorage.setItem(`pc.seat.${code}`, token)),
  clear: (code) => safe(() => localStorage.removeItem(`pc.seat.${code}`)),
};

export const hostToken = {
  get: (code) => safe(() => localStorage.getItem(`pc.host.${code}`)),
  set: (code, token) => safe(() => localStorage.setItem(`pc.host.${code}`, token)),
};

/** The join link the server handed out for a room (it may name the LAN address, not localhost). */
export const joinLink = {
  get: (code) => safe(() => localStorage.getItem(`pc.join.${code}`)),
  set: (code, url) => safe(() => localStorage.setItem(`pc.join.${code}`, url)),
};

export const lastName = {
  get: () => safe(() => localStorage.getItem("pc.name")) || "",
  set: (name) => safe(() => localStorage.setItem("pc.name", name)),
};
