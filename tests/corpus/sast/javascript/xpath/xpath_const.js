// stockade-expect: safe CWE-643
const xpath = require("xpath");
const { DOMParser } = require("@xmldom/xmldom");
const fs = require("fs");

const doc = new DOMParser().parseFromString(fs.readFileSync("users.xml", "utf8"));

module.exports = (req, res) => {
  const nodes = xpath.select("//user[@active='true']/email/text()", doc);
  res.send(nodes.map(String).filter((e) => e === req.query.email).join(","));
};
