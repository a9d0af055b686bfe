// stockade-expect: safe CWE-22
const fs = require("fs/promises");
const crypto = require("crypto");

module.exports = async function upload(ctx) {
  const { content } = ctx.request.body;
  const filename = crypto.randomUUID() + ".bin";
  await fs.writeFile(`/srv/uploads/${filename}`, content);
  ctx.status = 201;
};
