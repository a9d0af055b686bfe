// stockade-expect: annotated
import { Duration, RemovalPolicy, Stack, StackProps } from "aws-cdk-lib";
import * as s3 from "aws-cdk-lib/aws-s3";
import * as sqs from "aws-cdk-lib/aws-sqs";
import * as sns from "aws-cdk-lib/aws-sns";
import * as kms from "aws-cdk-lib/aws-kms";
import { Construct } from "constructs";

export class StorageStack extends Stack {
  constructor(scope: Construct, id: string, props?: StackProps) {
    super(scope, id, props);
    const key = new kms.Key(this, "DataKey", { enableKeyRotation: true });

    // ok: javascript.cdk-s3-bucket-no-explicit-encryption
    const uploads = new s3.Bucket(this, "Uploads", {
      encryption: s3.BucketEncryption.KMS,
      encryptionKey: key,
      enforceSSL: true,
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      removalPolicy: RemovalPolicy.RETAIN,
    });

    // ruleid: javascript.cdk-s3-bucket-no-explicit-encryption
    const logs = new s3.Bucket(this, "AccessLogs", {
      versioned: true,
      lifecycleRules: [{ expiration: Duration.days(90) }],
    });

    // ruleid: javascript.cdk-s3-bucket-public
    const site = new s3.Bucket(this, "Site", {
      publicReadAccess: true,
      websiteIndexDocument: "index.html",
      encryption: s3.BucketEncryption.S3_MANAGED,
    });

    // ruleid: javascript.cdk-sqs-queue-unencrypted
    const jobs = new sqs.Queue(this, "Jobs", { visibilityTimeout: Duration.seconds(120) });

    // ok: javascript.cdk-sqs-queue-unencrypted
    const dlq = new sqs.Queue(this, "JobsDlq", { encryption: sqs.QueueEncryption.KMS, encryptionMasterKey: key, enforceSSL: true });

    // ruleid: javascript.cdk-sns-topic-unencrypted
    const alerts = new sns.Topic(this, "Alerts", { displayName: "upload alerts" });

    // ok: javascript.cdk-sns-topic-unencrypted
    const audit = new sns.Topic(this, "Audit", { masterKey: key });

    uploads.grantRead(site.grantPrincipal as never);
    void [logs, jobs, dlq, alerts, audit];
  }
}
