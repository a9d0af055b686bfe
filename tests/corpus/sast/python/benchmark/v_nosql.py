# stockade-expect: vulnerable CWE-943
from flask import Flask, request
from pymongo import MongoClient
app = Flask(__name__)
db = MongoClient().shop
@app.route('/p')
def p():
    q = request.get_json()
    return str(db.products.find_one({'name': q['name']}))

