// stockade-expect: annotated
const knex = require("knex")({ client: "pg", connection: process.env.DATABASE_URL });
const { Sequelize, QueryTypes } = require("sequelize");
const mysql = require("mysql2/promise");

const sequelize = new Sequelize(process.env.MYSQL_URL, { logging: false });
const pool = mysql.createPool({ uri: process.env.MYSQL_URL, connectionLimit: 5 });

module.exports = { knex, sequelize, pool, QueryTypes };
