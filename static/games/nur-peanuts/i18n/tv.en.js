// en strings of the Nur Peanuts! table (TV) and history pages.
export default {};
