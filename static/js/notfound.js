// The page for an unknown room: its text in the reader's language.
import { init } from "./i18n.js";

await init();
