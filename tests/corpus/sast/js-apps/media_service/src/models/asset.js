// stockade-expect: annotated
const mongoose = require("mongoose");

const assetSchema = new mongoose.Schema({ owner: String, name: String, tags: [String], size: Number });

assetSchema.statics.byOwner = function (owner, sortField) {
  // ruleid: javascript.nosql-injection
  return this.find({ $where: "this.owner === '" + owner + "'" }).sort(sortField);
};

assetSchema.statics.byOwnerSafe = function (owner) {
  // ok: javascript.nosql-injection
  return this.find({ owner: { $eq: String(owner) } });
};

module.exports = mongoose.model("Asset", assetSchema);
