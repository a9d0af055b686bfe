// stockade-expect: annotated
const { ApolloServer } = require("@apollo/server");
const { Pool } = require("pg");
const crypto = require("crypto");

const pool = new Pool();

const resolvers = {
  Query: {
    note: async (_parent, { id }) => {
      // ok: javascript.sql-injection
      const { rows } = await pool.query("SELECT * FROM notes WHERE id = $1", [id]);
      return rows[0];
    },
    search: async (_parent, args) => {
      // ruleid: javascript.sql-injection
      const { rows } = await pool.query(`SELECT * FROM notes WHERE body ILIKE '%${args.text}%'`);
      return rows;
    },
  },
  Mutation: {
    share: async (_parent, { noteId }) => {
      // ruleid: javascript.insecure-random
      const shareToken = Math.random().toString(36).substring(2);
      // ok: javascript.insecure-random
      const shareId = crypto.randomUUID();
      await pool.query("UPDATE notes SET share_token = $1, share_id = $2 WHERE id = $3", [shareToken, shareId, noteId]);
      return shareToken;
    },
  },
};

// ruleid: javascript.graphql-introspection-enabled
const server = new ApolloServer({ typeDefs: require("./schema"), resolvers, introspection: true });
module.exports = server;
