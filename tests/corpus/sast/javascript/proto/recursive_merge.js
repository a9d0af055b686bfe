// stockade-expect: vulnerable CWE-1321
function merge(target, source) {
  for (const key in source) {
    if (typeof source[key] === "object" && source[key] !== null) {
      if (!target[key]) target[key] = {};
      merge(target[key], source[key]);
    } else {
      target[key] = source[key];
    }
  }
  return target;
}

module.exports = (req, res) => {
  const prefs = merge({}, req.body);
  res.json(prefs);
};
