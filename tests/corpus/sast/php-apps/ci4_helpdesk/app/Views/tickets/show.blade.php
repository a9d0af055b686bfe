{{-- stockade-expect: annotated --}}
@extends('layouts.helpdesk')

@section('content')
    <!-- ok: php.blade-unescaped-output -->
    <h2>{{ $ticket->subject }}</h2>
    <!-- ruleid: php.blade-unescaped-output -->
    <div class="message">{!! $ticket->message_html !!}</div>
    <!-- ok: php.blade-unescaped-output -->
    <div class="message">{!! Purifier::clean($ticket->message_html) !!}</div>
    <!-- ruleid: php.blade-url-attribute -->
    <a href="{{ request('back') }}">Back</a>
    <!-- ok: php.blade-url-attribute -->
    <a href="{{ url('/tickets') }}">Back</a>
@endsection
