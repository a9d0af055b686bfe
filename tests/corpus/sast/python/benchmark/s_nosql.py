# stockade-expect: safe CWE-943
from flask import Flask, request
from pymongo import MongoClient
app = Flask(__name__)
db = MongoClient().shop
@app.route('/p')
def p():
    name = str(request.args['name'])
    return str(db.products.find_one({'name': name}))

