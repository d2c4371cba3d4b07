// English catalogue of Nur Peanuts!' pages (merged over the shared one). `{name}` marks a value
// filled in at run time. The table's and the history's strings live in tv.en.js.
import table from "./tv.en.js";

export default {
  ...table,
};
