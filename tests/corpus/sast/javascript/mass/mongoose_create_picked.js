// stockade-expect: safe CWE-915
const User = require("./models/user");

exports.register = async (req, res) => {
  const { email, password } = req.body;
  const user = await User.create({ email, password });
  res.status(201).json({ id: user.id });
};
