"""Publishing a job's results to the code host it came from (GitHub today).

A job that names ``{repo, pull_request?, commit}`` gets a publication row in the outbox
(:mod:`.outbox`); once the job completes, a dispatcher round publishes what the
organization's settings (:mod:`.integration`) ask for (:mod:`.publish`): a commit status
and/or a check run, review comments on the pull request's changed lines, a SARIF upload
to code scanning and issues for new high-severity findings. The host's wire format lives
behind :class:`.interface.CodeHost`, so another host (GitLab) is one more module like
:mod:`.github`.
"""
