// stockade-expect: vulnerable CWE-643
const xpath = require("xpath");
const { DOMParser } = require("@xmldom/xmldom");
const fs = require("fs");

const doc = new DOMParser().parseFromString(fs.readFileSync("users.xml", "utf8"));

module.exports = (req, res) => {
  const nodes = xpath.select("//user[name='" + req.query.name + "']/email/text()", doc);
  res.send(nodes.map(String).join(","));
};
