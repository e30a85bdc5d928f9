"""The development outbox page: every email Cursus wrote, for staff only."""

from django.contrib.admin.views.decorators import staff_member_required
from django.shortcuts import render

from notifications import selectors


@staff_member_required
def outbox_list(request):
    return render(request, "notifications/outbox_list.html", {"emails": selectors.outbox_recent()})
