// stockade-expect: vulnerable CWE-1336
const pug = require("pug");

module.exports = (req, res) => {
  const html = pug.render("p " + req.query.title);
  res.send(html);
};
