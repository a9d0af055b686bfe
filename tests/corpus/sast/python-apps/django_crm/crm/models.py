from django.db import models


class Contact(models.Model):
    name = models.CharField(max_length=200)
    email = models.EmailField()
    company = models.CharField(max_length=200)
    notes = models.TextField(blank=True)
    owner = models.ForeignKey("auth.User", on_delete=models.CASCADE)
