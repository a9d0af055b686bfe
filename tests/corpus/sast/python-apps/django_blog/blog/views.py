# stockade-expect: annotated
import logging

from django.db import connection
from django.db.models.expressions import RawSQL
from django.http import HttpResponse, HttpResponseRedirect, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.html import format_html
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.safestring import mark_safe
from django.views.decorators.csrf import csrf_exempt

from .models import Comment, Post

logger = logging.getLogger(__name__)
ORDERINGS = {"new": "-id", "old": "id", "title": "title"}


def post_list(request):
    ordering = ORDERINGS.get(request.GET.get("o"), "-id")
    # ok: python.sql-injection
    posts = Post.objects.filter(published=True).order_by(ordering)
    return render(request, "blog/list.html", {"posts": posts})


def search(request):
    q = request.GET.get("q", "")
    # ruleid: python.sql-injection
    posts = Post.objects.raw("SELECT * FROM blog_post WHERE title LIKE '%%" + q + "%%'")
    return render(request, "blog/list.html", {"posts": posts, "q": q})


def search_safe(request):
    q = request.GET.get("q", "")
    # ok: python.sql-injection
    posts = Post.objects.raw("SELECT * FROM blog_post WHERE title LIKE %s", ["%" + q + "%"])
    return render(request, "blog/list.html", {"posts": posts, "q": q})


def ranked(request):
    weight = request.GET.get("w", "1")
    # ruleid: python.sql-injection
    posts = Post.objects.annotate(rank=RawSQL("char_length(body) * " + weight, []))
    return render(request, "blog/list.html", {"posts": posts})


def stats(request):
    author = request.GET["author"]
    with connection.cursor() as cursor:
        # ruleid: python.sql-injection
        cursor.execute("SELECT count(*) FROM blog_post p JOIN auth_user u ON u.id = p.author_id WHERE u.username = '%s'" % author)
        (count,) = cursor.fetchone()
    return JsonResponse({"count": count})


def post_detail(request, slug):
    post = get_object_or_404(Post, slug=slug, published=True)
    # ruleid: python.mark-safe-nonliteral
    body = mark_safe(post.body)
    return render(request, "blog/detail.html", {"post": post, "body": body})


def greeting(request):
    name = request.GET.get("name", "reader")
    # ruleid: python.xss
    return HttpResponse("<h2>Hello, " + name + "!</h2>")


def greeting_safe(request):
    name = request.GET.get("name", "reader")
    # ok: python.xss
    return HttpResponse(format_html("<h2>Hello, {}!</h2>", name))


# ruleid: python.csrf-exempt
@csrf_exempt
def add_comment(request, slug):
    post = get_object_or_404(Post, slug=slug)
    Comment.objects.create(post=post, name=request.POST["name"][:80], body=request.POST["body"])
    logger.info("comment added to %s", post.pk)
    return redirect("post_detail", slug=slug)


def after_login(request):
    target = request.GET.get("next", "/")
    # ruleid: python.open-redirect
    return HttpResponseRedirect(target)


def after_login_safe(request):
    target = request.GET.get("next", "/")
    if not url_has_allowed_host_and_scheme(target, allowed_hosts={request.get_host()}):
        target = "/"
    # ok: python.open-redirect
    return HttpResponseRedirect(target)


def delete_post(request, slug):
    post = get_object_or_404(Post, slug=slug)
    # ruleid: python.assert-used-for-auth
    assert request.user.is_staff or post.author_id == request.user.id
    post.delete()
    return redirect("post_list")
