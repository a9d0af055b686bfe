# stockade-expect: safe CWE-643
from lxml import etree
from flask import Flask, request
app = Flask(__name__)
doc = etree.parse('users.xml')
@app.route('/u')
def u():
    name = request.args['name']
    return str(doc.xpath('//user[@name=$n]/email/text()', n=name))

