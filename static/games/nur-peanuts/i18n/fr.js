// French catalogue of Nur Peanuts!' pages (merged over the shared one). `{name}` marks a value
// filled in at run time. The table's and the history's strings live in tv.fr.js.
import table from "./tv.fr.js";

export default {
  ...table,
};
