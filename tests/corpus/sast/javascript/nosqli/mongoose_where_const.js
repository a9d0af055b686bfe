// stockade-expect: safe CWE-943
const User = require("./models/user");

module.exports.find = async (req, res) => {
  const minAge = 18;
  const users = await User.find({ $where: "this.age > " + minAge });
  res.json(users);
};
