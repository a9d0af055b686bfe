// stockade-expect: annotated
import { Duration, RemovalPolicy, Stack, StackProps } from "aws-cdk-lib";
import * as s3 from "aws-cdk-lib/aws-s3";
import * as sqs from "aws-cdk-lib/aws-sqs";
import * as sns from "aws-cdk-lib/aws-sns";
import * as kms from "aws-cdk-lib/aws-kms";
import * as ec2 from "aws-cdk-lib/aws-ec2";
import * as logs from "aws-cdk-lib/aws-logs";
import * as elbv2 from "aws-cdk-lib/aws-elasticloadbalancingv2";
import { Construct } from "constructs";

export class SupportStack extends Stack {
  constructor(scope: Construct, id: string, props?: StackProps) {
    super(scope, id, props);
    const key = new kms.Key(this, "Key", { enableKeyRotation: true });

    // ruleid: javascript.cdk-s3-bucket-public
    new s3.Bucket(this, "Attachments", {
      publicReadAccess: true,
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ACLS,
      encryption: s3.BucketEncryption.S3_MANAGED,
      enforceSSL: true,
    });

    // ok: javascript.cdk-s3-bucket-public
    new s3.Bucket(this, "Transcripts", {
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      encryption: s3.BucketEncryption.KMS,
      encryptionKey: key,
      enforceSSL: true,
      removalPolicy: RemovalPolicy.RETAIN,
    });

    // ruleid: javascript.cdk-sqs-queue-unencrypted
    new sqs.Queue(this, "Tickets", { encryption: sqs.QueueEncryption.UNENCRYPTED, visibilityTimeout: Duration.seconds(60) });
    // ok: javascript.cdk-sqs-queue-unencrypted
    new sqs.Queue(this, "TicketsDlq", { encryption: sqs.QueueEncryption.KMS, encryptionMasterKey: key });

    // ruleid: javascript.cdk-sns-topic-unencrypted
    new sns.Topic(this, "Escalations");
    // ok: javascript.cdk-sns-topic-unencrypted
    new sns.Topic(this, "Alerts", { masterKey: key });

    const vpc = new ec2.Vpc(this, "Vpc", { maxAzs: 2 });
    const sg = new ec2.SecurityGroup(this, "Sg", { vpc });
    // ruleid: javascript.cdk-open-ingress
    sg.addIngressRule(ec2.Peer.anyIpv4(), ec2.Port.tcp(22), "ssh");
    // ok: javascript.cdk-open-ingress
    sg.addIngressRule(ec2.Peer.ipv4("10.0.0.0/16"), ec2.Port.tcp(22), "ssh from vpc");

    // ruleid: javascript.cdk-s3-bucket-no-enforce-ssl
    new s3.Bucket(this, "Exports", { blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL, encryption: s3.BucketEncryption.S3_MANAGED });
    // ok: javascript.cdk-s3-bucket-no-enforce-ssl
    new s3.Bucket(this, "Archive", { blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL, encryption: s3.BucketEncryption.S3_MANAGED, enforceSSL: true });

    const lb = new elbv2.ApplicationLoadBalancer(this, "Lb", { vpc, internetFacing: true });
    // ruleid: javascript.cdk-alb-http-listener
    lb.addListener("Http", { port: 80, open: true });
    // ok: javascript.cdk-alb-http-listener
    lb.addListener("HttpRedirect", { port: 80, open: true, defaultAction: elbv2.ListenerAction.redirect({ protocol: "HTTPS", port: "443" }) });

    // ok: javascript.cdk-log-group-unencrypted
    new logs.LogGroup(this, "Logs", { encryptionKey: key, retention: logs.RetentionDays.ONE_YEAR });
  }
}
