"""A lending library service written the way the FastAPI tutorial teaches (OAuth2 password flow).

Used only for ``app.openapi()``: the handlers are never run by the benchmark.
"""

from __future__ import annotations

from datetime import date, datetime
from typing import Annotated

from fastapi import Depends, FastAPI, HTTPException, Query, status
from fastapi.security import OAuth2PasswordBearer, OAuth2PasswordRequestForm
from pydantic import BaseModel, EmailStr, Field

app = FastAPI(title="Branch Library", version="1.4.0")
oauth2_scheme = OAuth2PasswordBearer(tokenUrl="token")
Token = Annotated[str, Depends(oauth2_scheme)]


class TokenOut(BaseModel):
    access_token: str
    token_type: str = "bearer"


class BookIn(BaseModel):
    isbn: str = Field(min_length=10, max_length=17)
    title: str = Field(max_length=300)
    author: str = Field(max_length=200)
    copies: int = Field(ge=1, le=500)


class Book(BookIn):
    id: int
    available: int


class MemberIn(BaseModel):
    full_name: str = Field(max_length=120)
    email: EmailStr
    password: str = Field(min_length=12, max_length=128)


class Member(BaseModel):
    id: int
    full_name: str
    email: EmailStr
    joined: date


class Loan(BaseModel):
    id: int
    book_id: int
    member_id: int
    due: date
    returned_at: datetime | None = None


class LoanIn(BaseModel):
    book_id: int


@app.post("/token", response_model=TokenOut)
def login(form: Annotated[OAuth2PasswordRequestForm, Depends()]) -> TokenOut:
    raise HTTPException(status.HTTP_401_UNAUTHORIZED, "Incorrect username or password")


@app.post("/members", response_model=Member, status_code=201)
def register(member: MemberIn) -> Member:
    raise NotImplementedError


@app.get("/members/me", response_model=Member)
def read_me(token: Token) -> Member:
    raise NotImplementedError


@app.get("/books", response_model=list[Book])
def list_books(
    q: Annotated[str | None, Query(max_length=100)] = None,
    skip: Annotated[int, Query(ge=0)] = 0,
    limit: Annotated[int, Query(ge=1, le=100)] = 20,
) -> list[Book]:
    raise NotImplementedError


@app.get("/books/{book_id}", response_model=Book)
def read_book(book_id: int) -> Book:
    raise NotImplementedError


@app.post("/books", response_model=Book, status_code=201)
def add_book(book: BookIn, token: Token) -> Book:
    raise NotImplementedError


@app.get("/loans", response_model=list[Loan])
def my_loans(token: Token) -> list[Loan]:
    raise NotImplementedError


@app.post("/loans", response_model=Loan, status_code=201)
def borrow(loan: LoanIn, token: Token) -> Loan:
    raise NotImplementedError


@app.post("/loans/{loan_id}/return", response_model=Loan)
def give_back(loan_id: int, token: Token) -> Loan:
    raise NotImplementedError
