# stockade-expect: vulnerable CWE-943
from flask import Flask, request
from pymongo import MongoClient
app = Flask(__name__)
db = MongoClient().shop
@app.route('/p')
def p():
    name = request.args['name']
    return str(list(db.products.find({'$where': "this.name == '" + name + "'"})))

