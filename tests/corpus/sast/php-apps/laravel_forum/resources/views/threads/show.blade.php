{{-- stockade-expect: annotated --}}
@extends('layouts.app')

@section('content')
    <article class="thread">
        <!-- ok: php.blade-unescaped-output -->
        <h1>{{ $thread->title }}</h1>
        <!-- ruleid: php.blade-unescaped-output -->
        <div class="body">{!! $thread->body !!}</div>
        <!-- ok: php.blade-unescaped-output -->
        <div class="body">{{ $thread->body }}</div>
        @foreach ($thread->replies as $reply)
            <!-- ruleid: php.blade-unescaped-output -->
            <p>{!! $reply->signature !!}</p>
            <!-- ok: php.blade-unescaped-output -->
            <p>{!! clean($reply->signature) !!}</p>
        @endforeach
        <!-- ruleid: php.blade-unescaped-request-input -->
        <p>Search: {!! request('q') !!}</p>
        <!-- ok: php.blade-unescaped-request-input -->
        <p>Search: {{ request('q') }}</p>
        <!-- ruleid: php.blade-url-attribute -->
        <a href="{{ $thread->author->website }}">website</a>
        <!-- ok: php.blade-url-attribute -->
        <a href="{{ route('users.show', $thread->author) }}">profile</a>
        <!-- ok: php.blade-unescaped-output -->
        {!! csrf_field() !!}
    </article>
@endsection
