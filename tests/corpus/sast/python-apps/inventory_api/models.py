from sqlalchemy import Column, Integer, String
from sqlalchemy.orm import declarative_base

Base = declarative_base()


class Item(Base):
    __tablename__ = "items"
    id = Column(Integer, primary_key=True)
    sku = Column(String(32), unique=True)
    name = Column(String(200))
    location = Column(String(50))
    quantity = Column(Integer, default=0)
