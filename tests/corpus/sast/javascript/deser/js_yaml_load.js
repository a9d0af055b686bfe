// stockade-expect: vulnerable CWE-502
const yaml = require("js-yaml");

module.exports = (req, res) => {
  const config = yaml.load(req.body.config, { schema: yaml.DEFAULT_FULL_SCHEMA });
  res.json(config);
};
